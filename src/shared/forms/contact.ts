/** The contact rule of spec §5: a phone number or an e-mail address, with the message that fits what was typed. */

/**
 * Is this (trimmed) text a well-formed e-mail address? The one e-mail rule of every form.
 * @example isEmail('me@example.com') // true
 */
export const isEmail = (value: string): boolean => value.length <= EMAIL_MAX && EMAIL.test(value) && !UNSENDABLE.test(value);

export type ContactKind = 'phone' | 'email';
export type ContactCheck =
  | { ok: true; kind: ContactKind; value: string }
  | { ok: false; error: 'error.contactEmpty' | 'error.contactInvalid' | 'error.emailFormat' | 'error.phoneFormat' };

// One @, a local part and a domain with at least one dot, no spaces; 254 is the longest address SMTP carries.
const EMAIL = /^[^\s@]{1,64}@[^\s@.]+(?:\.[^\s@.]+)+$/;
const EMAIL_MAX = 254;
// Control characters (C0, DEL, C1) and lone surrogates are in no well-formed address: mail carries
// UTF-8 text, and such an address would not even come back from storage as it was sent.
// Spelled without property escapes, which some engines we support lack (src/lib/char-class.ts): C0,
// DEL and C1, or a surrogate half without its other half.
const UNSENDABLE = /[\u0000-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?:^|[^\ud800-\udbff])[\udc00-\udfff]/;
// What a phone number may be typed with: an optional leading +, digits, spaces, dashes, brackets.
const PHONE_CHARS = /^\+?[\d\s()-]+$/;
// E.164 allows at most 15 digits; no mobile number of the nine markets has fewer than 7.
const PHONE_DIGITS = { min: 7, max: 15 };

/**
 * A contact is a phone number or an e-mail address. Which one the user meant is read from what they
 * typed (an @ means e-mail, only phone characters mean phone), so the message names the right format;
 * anything else gets the general message.
 * @example checkContact(' a@b.co ') // { ok: true, kind: 'email', value: 'a@b.co' }
 * @example checkContact('+65 8123 4567') // { ok: true, kind: 'phone', value: '+6581234567' }
 * @example checkContact('a@b') // { ok: false, error: 'error.emailFormat' }
 * @example checkContact('12') // { ok: false, error: 'error.phoneFormat' }
 * @example checkContact('hello') // { ok: false, error: 'error.contactInvalid' }
 */
export function checkContact(raw: string): ContactCheck {
  const value = raw.trim();
  if (!value) return { ok: false, error: 'error.contactEmpty' };
  if (value.includes('@')) {
    return isEmail(value) ? { ok: true, kind: 'email', value } : { ok: false, error: 'error.emailFormat' };
  }
  if (PHONE_CHARS.test(value)) {
    const digits = value.replace(/\D/g, '');
    const ok = digits.length >= PHONE_DIGITS.min && digits.length <= PHONE_DIGITS.max;
    return ok ? { ok: true, kind: 'phone', value: (value.startsWith('+') ? '+' : '') + digits } : { ok: false, error: 'error.phoneFormat' };
  }
  return { ok: false, error: 'error.contactInvalid' };
}

/**
 * A field that only takes a phone number: its one format error is the phone one.
 * @example checkPhone(' 0812 3456 789 ') // { ok: true, kind: 'phone', value: '08123456789' }
 * @example checkPhone('me@example.com') // { ok: false, error: 'error.phoneFormat' }
 */
export function checkPhone(raw: string): ContactCheck {
  const checked = checkContact(raw);
  if (checked.ok ? checked.kind === 'phone' : checked.error === 'error.contactEmpty') return checked;
  return { ok: false, error: 'error.phoneFormat' };
}
