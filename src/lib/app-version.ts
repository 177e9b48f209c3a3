/** The host app's version (`dev_app_version`), compared with the oldest one a feature needs. */

/**
 * Is this app version older than `min`? Versions are dot-separated numbers (`12.3.0`); a version
 * that is not one reads as old (an app that cannot say what it is cannot be trusted with a feature).
 * @example olderThan('9.8.1', '10.0.0') // true
 * @example olderThan('12.3', '12.3.0') // false
 */
export function olderThan(version: string | undefined, min: string): boolean {
  const parse = (v: string) => v.split('.').map((part) => (/^\d{1,6}$/.test(part) ? Number(part) : NaN));
  const have = parse(version ?? '');
  if (have.some(Number.isNaN)) return true;
  const need = parse(min);
  for (let i = 0; i < Math.max(have.length, need.length); i++) {
    const a = have[i] ?? 0;
    const b = need[i] ?? 0;
    if (a !== b) return a < b;
  }
  return false;
}
