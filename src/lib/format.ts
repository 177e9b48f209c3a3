/**
 * Locale-aware formatting with `Intl` only (spec §9: date and file size formatting; plan prices).
 * Output follows each locale's own conventions: th-TH dates use the Buddhist calendar (2569 for
 * 2026), as Thai readers expect, and Latin digits, which is what `Intl` gives for th-TH.
 */

export type DateStyle = 'short' | 'medium' | 'long' | 'datetime' | 'month';

export interface DateOptions {
  /** IANA zone, e.g. 'Asia/Bangkok'. Default: the device's zone. */
  timeZone?: string;
  /** 'medium' (default) = Jan 1, 2026; 'datetime' adds the time of day. */
  style?: DateStyle;
}

const DATE_STYLES: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  short: { dateStyle: 'short' },
  medium: { dateStyle: 'medium' },
  long: { dateStyle: 'long' },
  datetime: { dateStyle: 'medium', timeStyle: 'short' },
  // Headings of records grouped by month: "November 2026", "2026年11月".
  month: { year: 'numeric', month: 'long' },
};

/**
 * A date for people. A number is Unix seconds, as the host and API send them (spec §3 valid_time).
 * An invalid date or time zone gives '' rather than 'Invalid Date' on screen.
 * @example formatDate(1767225600, 'en-US', { timeZone: 'UTC' }) // 'Jan 1, 2026'
 * @example formatDate(1767225600, 'th-TH', { timeZone: 'UTC', style: 'long' }) // '1 มกราคม 2569'
 */
export function formatDate(value: number | Date, locale: string, { timeZone, style = 'medium' }: DateOptions = {}): string {
  const date = typeof value === 'number' ? new Date(value * 1000) : value;
  if (Number.isNaN(date.getTime())) return '';
  try {
    return new Intl.DateTimeFormat(locale, { ...DATE_STYLES[style], ...(timeZone ? { timeZone } : {}) }).format(date);
  } catch {
    return '';
  }
}

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

/**
 * A price from an amount in hundredths of the currency unit (cents, fen, satang), as the backend
 * counts money in integers. Decimals follow the currency in `Intl` (VND and IDR show none).
 * @example formatPrice(1999, 'USD', 'en-US') // '$19.99'
 * @example formatPrice(3000, 'THB', 'th-TH') // '฿30.00'
 */
export function formatPrice(amountInCents: number, currency: string, locale: string): string {
  if (!Number.isFinite(amountInCents)) return '';
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amountInCents / 100);
  } catch {
    // An unknown currency code from the server: show the number rather than break the plan list.
    return `${new Intl.NumberFormat(locale, { minimumFractionDigits: 2 }).format(amountInCents / 100)} ${currency}`.trim();
  }
}
