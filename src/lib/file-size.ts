/**
 * File sizes for people (spec §9), apart from src/shared/format.ts: only the pages with attachments need
 * it, and the server none.
 */

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;
const SYMBOLS = ['B', 'kB', 'MB', 'GB', 'TB'] as const;

/**
 * A file size with the locale's unit names. Multiples of 1024, the base of the spec's "200M" upload
 * limit (200 × 1024² bytes shows as "200 MB"); one decimal at most; at 1,000 of a unit, the next one
 * ("1,000 byte" read as a count, "1 kB" as a size). Bytes are written out, in the locale's plural
 * forms ("1 byte", "512 bytes"): their short form has none in English ("512 byte").
 * @example formatFileSize(1536, 'en-US') // '1.5 kB'
 * @example formatFileSize(512, 'en-US') // '512 bytes'
 * @example formatFileSize(200 * 1024 * 1024, 'zh-CN') // '200 MB'
 */
export function formatFileSize(bytes: number, locale: string): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  let value = bytes;
  let unit = 0;
  // 999.95, not 1000: one decimal would round it up to "1,000 kB".
  while (value >= 999.95 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  try {
    return new Intl.NumberFormat(locale, { style: 'unit', unit: UNITS[unit], unitDisplay: unit === 0 ? 'long' : 'short', maximumFractionDigits: 1 }).format(
      value,
    );
  } catch {
    // Chromium before 77 has no unit style (RangeError): the number in the locale, the unit's symbol.
    return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value)} ${SYMBOLS[unit]}`;
  }
}
