/**
 * Locale-aware formatting with `Intl` only (spec §9: date formatting; plan prices; file sizes are
 * src/lib/file-size.ts). Output follows each locale's own conventions: th-TH dates use the Buddhist
 * calendar (2569 for 2026), as Thai readers expect, and Latin digits, which `Intl` gives for th-TH.
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

/**
 * A price from an amount in hundredths of the currency unit (cents, fen, satang; hundredths of a
 * rupiah or dong too), as the backend counts money in integers. Decimals follow the currency in
 * `Intl` (VND shows none), but rupiah prices are whole and shown so: Chromium 64's ICU still gives
 * IDR two decimals ("Rp 19.000,00"); a minimum of none drops them there and changes nothing where
 * Intl already gives none (a maximum of 0 would be refused there, below the currency's minimum).
 * `currency` is an ISO 4217 code, as the API's schemas hold it: Intl formats any code of that shape.
 * @example formatPrice(1999, 'USD', 'en-US') // '$19.99'
 * @example formatPrice(4900, 'THB', 'th-TH') // '฿49.00'
 * @example formatPrice(1_900_000, 'IDR', 'id-ID') // 'Rp 19.000'
 * @example formatPrice(7500, 'TWD', 'zh-TW') // 'NT$75.00'
 */
export function formatPrice(amountInCents: number, currency: string, locale: string): string {
  // zh-TW writes its own dollar as a bare "$" (CLDR), read as the US dollar; zh-HK's data writes the
  // same number with NT$, as Taiwan's stores do (every other locale already does). `==`: this is in the
  // chunk every page loads, at the 20 KB budget.
  return Number.isFinite(amountInCents)
    ? new Intl.NumberFormat(locale == 'zh-TW' && currency == 'TWD' ? 'zh-HK' : locale, {
        style: 'currency',
        currency,
        minimumFractionDigits: currency == 'IDR' ? 0 : undefined,
      }).format(amountInCents / 100)
    : '';
}
