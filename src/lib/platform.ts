/**
 * Platform and phone brand from the user agent (spec §9 "Android or iOS detection"; §6 only OPPO,
 * Realme and OnePlus phones can open the experience).
 *
 * Brand patterns accepted, matched as whole words anywhere in the UA, first match wins:
 * - oneplus: `OnePlus` (any case, covers `ONEPLUS A6003`); model codes `LE2xxx`, `NE2xxx`, `KB2xxx`,
 *   `IN20xx`, `HD19xx`, `GM19xx`; and `CPH25xx`.
 * - realme: `realme` (any case); model codes `RMXxxxx`.
 * - oppo: `OPPO` (any case); model codes `CPHxxxx` (other than CPH25xx) and the China codes
 *   `P` + three letters + two digits (`PDEM10`, `PEGM00`) or `P` + two letters + three digits (`PHM110`).
 * The three brands share model-code ranges (CPH and P codes are used by OPPO and OnePlus alike), and
 * Chrome's reduced UA hides the model (`Android 10; K`), so the host's `dev_manufacturer` is the
 * reliable source and wins whenever it is given; the UA is the fallback outside the app.
 */
import { KEEP } from '../shared/shell-rules';

export type Platform = 'android' | 'ios' | 'other';
export type Brand = 'oppo' | 'realme' | 'oneplus' | 'other';

/**
 * @example detectPlatform('Mozilla/5.0 (Linux; Android 13; CPH2451 Build/TP1A.220905.001; wv) …') // 'android'
 * @example detectPlatform('Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) …') // 'ios'
 */
export function detectPlatform(userAgent: string): Platform {
  if (/\bAndroid\b/i.test(userAgent)) return 'android';
  // iPadOS 13+ claims to be a Mac in Safari; inside an app's WKWebView it still says iPad.
  if (/\b(iPhone|iPad|iPod)\b/.test(userAgent)) return 'ios';
  return 'other';
}

// OnePlus first: its CPH25xx codes would otherwise read as OPPO. Model codes are upper case in real
// UAs; matching them case-sensitively keeps ordinary words out.
const BRAND_PATTERNS: ReadonlyArray<readonly [Exclude<Brand, 'other'>, RegExp]> = [
  ['oneplus', /\bOnePlus/i],
  ['oneplus', /\b(?:LE2|NE2|KB2)\d{3}\b|\b(?:IN20|HD19|GM19|CPH25)\d{2}\b/],
  ['realme', /\brealme\b/i],
  ['realme', /\bRMX\d{4}\b/],
  ['oppo', /\bOPPO\b/i],
  ['oppo', /\bCPH\d{4}\b|\bP[A-Z]{3}\d{2}\b|\bP[A-Z]{2}\d{3}\b/],
];

/**
 * The phone's brand; the host's manufacturer (`dev_manufacturer`) wins when given.
 * @example detectBrand('… Android 12; RMX3363 Build/…') // 'realme'
 * @example detectBrand('… Android 14; CPH2581 Build/…', 'OPPO') // 'oppo'
 */
export function detectBrand(userAgent: string, manufacturer?: string | null): Brand {
  const maker = manufacturer?.trim().toLowerCase();
  if (maker) return maker === 'oppo' || maker === 'realme' || maker === 'oneplus' ? maker : 'other';
  for (const [brand, pattern] of BRAND_PATTERNS) if (pattern.test(userAgent)) return brand;
  return 'other';
}

/** The music app's link scheme: a page opened outside the app offers to open itself there. */
export const APP_SCHEME = 'oppomusic';

/**
 * The link that opens this site's page in the app, with the page's own query: always one of our
 * paths, never a URL from input. The query is parsed and written again (never copied as typed). Left
 * out: the session id (a link can be shared, a session must not travel with it) and the shell's
 * parameters (status bar, theme, language), which the app sets for itself when it opens the page.
 * @example appLink('/zh-CN/center-station') // 'oppomusic://web/zh-CN/center-station'
 * @example appLink('/song-test', '?id=7&app_sessionid=s1') // 'oppomusic://web/song-test?id=7'
 */
export function appLink(path: string, search = ''): string {
  const query = new URLSearchParams(search);
  // concat, not a spread: the inline event script runs this, compiled to ES5.
  for (const name of ['app_sessionid'].concat(KEEP)) query.delete(name);
  const rest = query.toString();
  return `${APP_SCHEME}://web${path.startsWith('/') ? path : `/${path}`}${rest ? `?${rest}` : ''}`;
}
