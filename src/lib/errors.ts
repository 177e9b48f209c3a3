/**
 * The spec §8 error catalogue as codes. Every failure the pages can meet (an API error, a bridge
 * play error, a payment result, a validation rule) is a code, and each code has one message key.
 */

/** Message keys under `error.*` in the message files, one per catalogue entry. */
export const ERROR_CODES = [
  'loginExpired',
  'noInternet',
  'notLoggedIn',
  'noContent',
  'noData',
  'uploadFailed',
  'fileTooLarge',
  'uploadQuota',
  'downloadLimit',
  'unsupportedVersion',
  'noCopyright',
  'noLyrics',
  'vipOnly',
  'paidSong',
  'spatialUnsupported',
  'spatialVip',
  'brandOnly',
  'cannotOpen',
  'payRegion',
  'oppoLoginOnly',
  'payFailed',
  'emailFormat',
  'phoneFormat',
  'contactEmpty',
  'contactInvalid',
  'codeError',
  'tooLong',
  'generic',
  'timeout',
  'contentGone',
  'appealOpen',
  'codeRequired',
  'submissionOpen',
  // Abuse limits, each a 429 of the reference server (docs/api.md): a code voided by wrong
  // tries, codes asked for too soon or too often, too many refused redeem codes, feedback over the day's cap.
  'codeVoid',
  'codeTooSoon',
  'codeLimit',
  'redeemLimit',
  'feedbackLimit',
  // A refused redeem code, whichever of unknown, expired or used it was: one answer, so refusals
  // cannot be used to tell codes apart.
  'redeemInvalid',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * Is this string one of the catalogue's codes?
 * @example isErrorCode('noInternet') // true
 */
export function isErrorCode(code: unknown): code is ErrorCode {
  return (ERROR_CODES as readonly unknown[]).includes(code);
}

/**
 * The message key for any code; unknown codes read as the generic error rather than leak a raw code.
 * @example errorKey('noInternet') // 'error.noInternet'
 */
export function errorKey(code: unknown): `error.${ErrorCode}` {
  return `error.${isErrorCode(code) ? code : 'generic'}`;
}
