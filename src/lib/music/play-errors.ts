/** The host's play errors (`onPlayErrorCallback` codes) as messages of the spec §8 catalogue. */
import { errorKey, type ErrorCode } from '../errors';

/** `onPlayErrorCallback` codes of the bridge contract → catalogue codes. */
const PLAY_ERRORS: Record<string, ErrorCode> = {
  no_copyright: 'noCopyright',
  vip_only: 'vipOnly',
  paid: 'paidSong',
  unsupported_version: 'unsupportedVersion',
  no_lyrics: 'noLyrics',
  spatial_unsupported: 'spatialUnsupported',
  spatial_vip: 'spatialVip',
};

/**
 * The message key for a play error sent by the host.
 * @example playErrorKey('vip_only') // 'error.vipOnly'
 */
export function playErrorKey(code: unknown): `error.${ErrorCode}` {
  return errorKey(typeof code === 'string' ? PLAY_ERRORS[code] : undefined);
}
