/**
 * Payment regions (spec §6: "payment is unavailable in some countries or regions"). The request's
 * `region` is the app's `dev_region`, which the client controls, so it is read against an allow-list:
 * an ISO 3166-1 alpha-2 code, trimmed and upper-cased, that is officially assigned, and not blocked.
 * Anything else (`IRN`, `''`, `'I R'`, an unassigned `ZZ`) is no known region and is never
 * allowed to pay: a blocklist alone let every spelling it did not list through.
 */

/**
 * The 249 officially assigned ISO 3166-1 alpha-2 codes (ISO 3166 Maintenance Agency, checked against
 * the CLDR region names in Node's ICU). Not in it: reserved and withdrawn codes (`UK`, `EU`, `SU`,
 * `YU`, `AN`…) and user-assigned ones (`AA`, `QM`–`QZ`, `XA`–`XZ`, `ZZ`), Kosovo's `XK` included.
 */
export const ISO_3166_ALPHA2: ReadonlySet<string> = new Set([
  'AD', 'AE', 'AF', 'AG', 'AI', 'AL', 'AM', 'AO', 'AQ', 'AR', 'AS', 'AT', 'AU', 'AW', 'AX', 'AZ',
  'BA', 'BB', 'BD', 'BE', 'BF', 'BG', 'BH', 'BI', 'BJ', 'BL', 'BM', 'BN', 'BO', 'BQ', 'BR', 'BS', 'BT', 'BV', 'BW', 'BY', 'BZ',
  'CA', 'CC', 'CD', 'CF', 'CG', 'CH', 'CI', 'CK', 'CL', 'CM', 'CN', 'CO', 'CR', 'CU', 'CV', 'CW', 'CX', 'CY', 'CZ',
  'DE', 'DJ', 'DK', 'DM', 'DO', 'DZ',
  'EC', 'EE', 'EG', 'EH', 'ER', 'ES', 'ET',
  'FI', 'FJ', 'FK', 'FM', 'FO', 'FR',
  'GA', 'GB', 'GD', 'GE', 'GF', 'GG', 'GH', 'GI', 'GL', 'GM', 'GN', 'GP', 'GQ', 'GR', 'GS', 'GT', 'GU', 'GW', 'GY',
  'HK', 'HM', 'HN', 'HR', 'HT', 'HU',
  'ID', 'IE', 'IL', 'IM', 'IN', 'IO', 'IQ', 'IR', 'IS', 'IT',
  'JE', 'JM', 'JO', 'JP',
  'KE', 'KG', 'KH', 'KI', 'KM', 'KN', 'KP', 'KR', 'KW', 'KY', 'KZ',
  'LA', 'LB', 'LC', 'LI', 'LK', 'LR', 'LS', 'LT', 'LU', 'LV', 'LY',
  'MA', 'MC', 'MD', 'ME', 'MF', 'MG', 'MH', 'MK', 'ML', 'MM', 'MN', 'MO', 'MP', 'MQ', 'MR', 'MS', 'MT', 'MU', 'MV', 'MW', 'MX', 'MY', 'MZ',
  'NA', 'NC', 'NE', 'NF', 'NG', 'NI', 'NL', 'NO', 'NP', 'NR', 'NU', 'NZ',
  'OM',
  'PA', 'PE', 'PF', 'PG', 'PH', 'PK', 'PL', 'PM', 'PN', 'PR', 'PS', 'PT', 'PW', 'PY',
  'QA',
  'RE', 'RO', 'RS', 'RU', 'RW',
  'SA', 'SB', 'SC', 'SD', 'SE', 'SG', 'SH', 'SI', 'SJ', 'SK', 'SL', 'SM', 'SN', 'SO', 'SR', 'SS', 'ST', 'SV', 'SX', 'SY', 'SZ',
  'TC', 'TD', 'TF', 'TG', 'TH', 'TJ', 'TK', 'TL', 'TM', 'TN', 'TO', 'TR', 'TT', 'TV', 'TW', 'TZ',
  'UA', 'UG', 'UM', 'US', 'UY', 'UZ',
  'VA', 'VC', 'VE', 'VG', 'VI', 'VN', 'VU',
  'WF', 'WS',
  'YE', 'YT',
  'ZA', 'ZM', 'ZW',
]);

/**
 * The host simulator's "region without payment" (server/simulator/model.ts, BLOCKED_REGION): a
 * user-assigned code no real device reports, reserved here for tests. Known, and always blocked.
 */
export const TEST_REGION = 'XX';

/**
 * Regions where the payment provider cannot take payments, upper case: the test region and the
 * ISO codes under sanctions the provider honours.
 */
export const BLOCKED_REGIONS: ReadonlySet<string> = new Set([TEST_REGION, 'CU', 'IR', 'KP', 'SY']);

/**
 * The region as a known code (trimmed, upper-cased; an assigned ISO 3166-1 alpha-2 code or the test
 * region), or null for anything else.
 * @example knownRegion(' sg ') // 'SG'
 * @example knownRegion('IRN') // null
 * @example knownRegion('ZZ') // null (user-assigned)
 */
export function knownRegion(raw: string): string | null {
  const trimmed = raw.trim();
  // ASCII letters only before upper-casing: Unicode case mapping would make 'ſg' 'SG' and 'ır' 'IR'.
  if (!/^[A-Za-z]{2}$/.test(trimmed)) return null;
  const region = trimmed.toUpperCase();
  return ISO_3166_ALPHA2.has(region) || region === TEST_REGION ? region : null;
}

/**
 * Whether payment may be taken in `region`: a known region that is not blocked. Plans and packages
 * answer `paymentAvailable` with it; orders are refused with `payRegion` 403 without it.
 * @example paymentAllowed('SG') // true
 * @example paymentAllowed('ir') // false (blocked)
 * @example paymentAllowed('I R') // false (not a region)
 */
export function paymentAllowed(raw: string): boolean {
  const region = knownRegion(raw);
  return region !== null && !BLOCKED_REGIONS.has(region);
}
