/**
 * Unicode general categories as a regular expression, on every engine we support. Property escapes
 * (`\p{Cc}`) need an engine that has them (the Chromium 64 builds the engine matrix runs do not, and
 * the inline shell script also runs on engines below the floor): there the same categories are
 * spelled as ranges of the Basic Multilingual Plane, which hold every character that matters here
 * (controls, bidi overrides, zero-width marks). Without the `u` flag a surrogate range matches each
 * half of a pair too, so `Cs` there refuses an emoji as well: stricter, never looser. One constant a
 * category, so the shell script bundles only the two it uses.
 */
export type Category = readonly [name: string, bmp: string];

export const CC: Category = ['Cc', '\\u0000-\\u001f\\u007f-\\u009f'];
export const CF: Category = [
  'Cf',
  '\\u00ad\\u0600-\\u0605\\u061c\\u06dd\\u070f\\u08e2\\u180e\\u200b-\\u200f\\u202a-\\u202e\\u2060-\\u2064\\u2066-\\u206f\\ufeff\\ufff9-\\ufffb',
];
export const CO: Category = ['Co', '\\ue000-\\uf8ff'];
// Unassigned code points cannot be listed: engines without property escapes keep them.
export const CN: Category = ['Cn', ''];
export const CS: Category = ['Cs', '\\ud800-\\udfff'];

/**
 * A character class of these categories, with `flags` (plus `u` where the engine has it).
 * @example 'a\u202eb'.replace(charClass([CC, CF], 'g'), '') // 'ab'
 */
export function charClass(categories: Category[], flags = ''): RegExp {
  let escapes = '';
  let ranges = '';
  for (const [name, bmp] of categories) {
    escapes += `\\p{${name}}`;
    ranges += bmp;
  }
  try {
    return new RegExp(`[${escapes}]`, `${flags}u`);
  } catch {
    return new RegExp(`[${ranges}]`, flags);
  }
}
