/**
 * The user and device the host reports (spec §3 selfInfo). Tracking reads its common fields from here.
 */
import { atom } from 'nanostores';

export const SELF_INFO_FIELDS = [
  'uid',
  'dev_pid',
  'dev_channel',
  'dev_region',
  'dev_timezone',
  'dev_language',
  'dev_app_version',
  'dev_manufacturer',
  'dev_model',
] as const;
export type SelfInfoField = (typeof SELF_INFO_FIELDS)[number];
export type SelfInfo = Record<SelfInfoField, string>;

const EMPTY = {} as SelfInfo;
for (const field of SELF_INFO_FIELDS) EMPTY[field] = '';
// A device field longer than this is not a device field; it would only bloat every tracking batch.
const MAX_LENGTH = 256;

/** @example $selfInfo.get().dev_model // 'CPH2451' */
export const $selfInfo = atom<SelfInfo>(EMPTY);

/**
 * Takes the host's base info, which is untrusted: only the nine fields are kept, other keys are
 * ignored, and a value that is not text becomes ''. Numbers are the exception and are kept as text,
 * since the host sends uid, dev_pid or dev_app_version as Java numbers in some app versions.
 * @example setSelfInfo({ uid: 42, dev_model: 'CPH2451', token: 'secret' }) // { uid: '42', dev_model: 'CPH2451', … }
 */
export function setSelfInfo(info: unknown): SelfInfo {
  const source = typeof info === 'object' && info !== null ? (info as Record<string, unknown>) : {};
  const next = { ...EMPTY };
  for (const field of SELF_INFO_FIELDS) {
    // Own properties only: a polluted prototype must not supply a value. (Not Object.hasOwn: older
    // Android WebViews lack it.)
    const value = Object.prototype.hasOwnProperty.call(source, field) ? source[field] : undefined;
    next[field] = toText(value);
  }
  $selfInfo.set(next);
  return next;
}

function toText(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return '';
  return value.length > MAX_LENGTH ? '' : value.trim();
}
