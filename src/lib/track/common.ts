/**
 * The fields sent once per batch with every tracking request (spec §7: user id, device, channel,
 * session id, screen size, region, timezone, language, app version, manufacturer, model).
 */
import { $selfInfo } from '../stores/self-info';
import { COMMON_FIELDS, TRACK_TEXT_MAX } from '../../shared/track/rules';

export { COMMON_FIELDS };
export type CommonField = (typeof COMMON_FIELDS)[number];
export type CommonFields = Record<CommonField, string>;
export type CommonProvider = () => Partial<Record<CommonField, unknown>>;

/**
 * The default provider: the host's selfInfo store, the `app_sessionid` the shell saved from the query
 * (spec §2), and the screen size in CSS pixels.
 * @example configureTracking({ common: defaultCommon })
 */
export function defaultCommon(): Partial<CommonFields> {
  let sessionId = '';
  try {
    sessionId = (typeof localStorage === 'undefined' ? null : localStorage?.getItem('app_sessionid')) ?? '';
  } catch {
    // Storage disabled in this WebView: no session id, as the API client has none either; the
    // tracker then keeps the batch rather than send what the server would refuse (./tracker.ts).
  }
  const display = typeof screen === 'undefined' ? undefined : screen;
  return { ...$selfInfo.get(), app_sessionid: sessionId, screen: display ? `${display.width}x${display.height}` : '' };
}

/**
 * Calls the provider at send time and keeps exactly the eleven fields as text, each cut to
 * TRACK_TEXT_MAX (the server refuses a batch with a longer one, and would refuse every batch). A
 * provider that throws gives empty fields: the events are worth more than their context.
 * @example readCommon(() => ({ uid: 7 })).uid // '7'
 */
export function readCommon(provider: CommonProvider): CommonFields {
  let source: Partial<Record<CommonField, unknown>> = {};
  try {
    source = provider() ?? {};
  } catch {
    // fall through with empty fields
  }
  const fields = {} as CommonFields;
  for (const field of COMMON_FIELDS) {
    const value = source[field];
    fields[field] = (typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : '').slice(0, TRACK_TEXT_MAX);
  }
  return fields;
}
