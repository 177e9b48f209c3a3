/**
 * The conformance kit's report leaves the tester's phone (copied into an issue, sent to a server), so
 * what identifies the tester never goes in it: the value of each personal field of
 * the contract (bridge-contract.md: accountInfo, getAppBaseInfo, getPersonalInfo, onLoginCallback)
 * becomes a placeholder of the same JSON type. Everything else stays as the host sent it: the
 * spacing, the field order, a value of the wrong type and broken JSON are what a host developer needs.
 */

/** The fields whose values are the tester's own, at any depth. */
export const PERSONAL_FIELDS = ['uid', 'nickname', 'avatar', 'phone', 'ip', 'registerTime', 'app_sessionid', 'email'] as const;

// A JSON string or number value of one of those fields, in JSON or in the broken JSON a host may send
// (the value may be cut off by the end of the text: an unfinished string is redacted too).
const VALUE = new RegExp(`("(${PERSONAL_FIELDS.join('|')})"\\s*:\\s*)("(?:[^"\\\\]|\\\\.)*(?:"|$)|-?\\d[\\d.eE+-]*)`, 'g');

/**
 * The host's raw text with each personal value replaced: a string by `"‹field›"`, a number by 0.
 * @example redactRaw('{"phone":"+65 8000 0000","uid":7,"osName":"ColorOS"}') // '{"phone":"‹phone›","uid":0,"osName":"ColorOS"}'
 */
export function redactRaw(raw: string): string {
  return raw.replace(VALUE, (_match, key: string, field: string, value: string) => `${key}${value.startsWith('"') ? `"‹${field}›"` : '0'}`);
}

/**
 * Whether a field path (`account.phone`, `phone`) ends in a personal field: its value in a reason is redacted too.
 * @example isPersonal('vip.valid_time') // false
 */
export const isPersonal = (path: string): boolean => (PERSONAL_FIELDS as readonly string[]).includes(path.slice(path.lastIndexOf('.') + 1));
