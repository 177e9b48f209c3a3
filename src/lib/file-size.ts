/** File sizes for people (spec §9), apart from ./format: only the pages with attachments need it. */

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/**
 * A file size with the locale's unit names. Multiples of 1024, the base of the spec's "200M" upload
 * limit (200 × 1024² bytes shows as "200 MB"); one decimal at most.
 * @example formatFileSize(1536, 'en-US') // '1.5 kB'
 * @example formatFileSize(200 * 1024 * 1024, 'zh-CN') // '200 MB'
 */
export function formatFileSize(bytes: number, locale: string): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  let value = bytes;
  let unit = 0;
  // Stop at 1023.95: one decimal would otherwise round it up to "1024 kB" instead of "1 MB".
  while (value >= 1023.95 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(locale, { style: 'unit', unit: UNITS[unit], unitDisplay: 'short', maximumFractionDigits: 1 }).format(value);
}
