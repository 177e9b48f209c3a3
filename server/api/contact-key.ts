/**
 * A contact as the code limits count it: the phone or inbox a message actually
 * reaches, so that one phone or inbox is one subject however it is typed. Merging too much only makes
 * a limit stricter; merging too little lets one inbox or phone be flooded.
 *
 * - A phone number becomes E.164 (Google's libphonenumber, through `awesome-phonenumber`): a national
 *   number in the user's region (the app's `dev_region`, when it is a known ISO code), an
 *   international one after `+` or the `00` prefix, and a trunk `0` typed after the country code
 *   (`+65 08123 4567`) dropped when the number is valid without it. A number valid in none of these
 *   ways keeps its digits (no gateway delivers it, so it floods no one).
 * - An e-mail address is lower-cased, loses a `+tag` and a trailing dot of the domain, and at Gmail
 *   (`gmail.com`, `googlemail.com`, one mailbox) the dots of the local part, which Gmail ignores.
 */
import { getRegionCodeForCountryCode, parsePhoneNumber } from 'awesome-phonenumber';
import { checkContact } from '../../src/shared/forms/contact';
import { knownRegion } from './regions';

const GMAIL = new Set(['gmail.com', 'googlemail.com']);

/** `text` in E.164 when it is a valid number (in `region`, for a national one), else null. */
function valid(text: string, region?: string): string | null {
  const parsed = parsePhoneNumber(text, region ? { regionCode: region } : undefined);
  return parsed.valid ? parsed.number.e164 : null;
}

/** `digits` (country code first, no `+`) without a trunk `0` after the country code, if that is valid. */
function withoutTrunkZero(digits: string): string | null {
  for (let length = 1; length <= 3; length++) {
    const countryCode = Number(digits.slice(0, length));
    if (getRegionCodeForCountryCode(countryCode) === 'ZZ') continue;
    const national = digits.slice(length);
    return national.startsWith('0') ? valid(`+${countryCode}${national.replace(/^0+/, '')}`) : null;
  }
  return null;
}

/**
 * The E.164 number a phone contact reaches, or its digits when it is valid in no reading.
 * @example phoneKey('8123 4567', 'SG') // '+6581234567'
 * @example phoneKey('006581234567', null) // '+6581234567'
 * @example phoneKey('+65 08123 4567', null) // '+6581234567'
 */
export function phoneKey(typed: string, region: string | null): string {
  const digits = typed.replace(/\D/g, '');
  const trimmed = typed.trim();
  const international = trimmed.startsWith('+') ? digits : digits.startsWith('00') ? digits.slice(2) : null;
  if (international !== null) return valid(`+${international}`) ?? withoutTrunkZero(international) ?? digits;
  return (region && valid(digits, region)) || valid(`+${digits}`) || withoutTrunkZero(digits) || digits;
}

/**
 * The inbox an address reaches.
 * @example emailKey(' Me+spam@Example.COM. ') // 'me@example.com'
 * @example emailKey('j.o.e@googlemail.com') // 'joe@gmail.com'
 */
export function emailKey(address: string): string {
  const value = address.trim().toLowerCase();
  const at = value.lastIndexOf('@');
  let local = value.slice(0, at);
  let domain = value.slice(at + 1).replace(/\.+$/, '');
  local = local.replace(/\+.*$/, '') || local;
  if (GMAIL.has(domain)) {
    domain = 'gmail.com';
    local = local.replace(/\./g, '');
  }
  return `${local}@${domain}`;
}

/**
 * The subject a code to `contact` counts against: its E.164 number or its inbox. `region` is the
 * app's `dev_region` as the request carried it (unchecked: anything but a known ISO code is none).
 * @example targetKey('+65 8123 4567') // '+6581234567'
 * @example targetKey('8123 4567', 'sg') // '+6581234567'
 * @example targetKey(' J.Doe+spam@GoogleMail.com ') // 'jdoe@gmail.com'
 */
export function targetKey(contact: string, region?: string): string {
  const checked = checkContact(contact);
  if (!checked.ok) {
    // The export's e-mail rule is the same as the form's; a trailing dot is the one spelling it lets
    // through here, so an unchecked contact is keyed as an address when it looks like one.
    return contact.includes('@') ? emailKey(contact) : contact.trim().toLowerCase();
  }
  return checked.kind === 'phone' ? phoneKey(contact, knownRegion(region ?? '')) : emailKey(checked.value);
}
