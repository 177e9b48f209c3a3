import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { coinPackage } from './api/endpoints/coins';
import { plan } from './api/endpoints/vip';
import { formatDate, formatPrice } from './format';

// 2026-01-01T00:00:00Z, as the host sends valid_time (Unix seconds).
const NEW_YEAR = 1767225600;
// ICU may put a narrow no-break space before AM/PM; compare the words, not the kind of space.
const spaces = (text: string) => text.replace(/\s/g, ' ');

describe('formatDate', () => {
  it.each([
    ['en-US', 'Jan 1, 2026', 'January 1, 2026', '1/1/26'],
    ['zh-CN', '2026年1月1日', '2026年1月1日', '2026/1/1'],
    // th-TH: Buddhist era (2026 + 543) and Latin digits, which is what Intl gives by default.
    ['th-TH', '1 ม.ค. 2569', '1 มกราคม 2569', '1/1/69'],
  ])('writes Unix seconds as a %s date', (locale, medium, long, short) => {
    expect(formatDate(NEW_YEAR, locale, { timeZone: 'UTC' })).toBe(medium);
    expect(formatDate(NEW_YEAR, locale, { timeZone: 'UTC', style: 'long' })).toBe(long);
    expect(formatDate(NEW_YEAR, locale, { timeZone: 'UTC', style: 'short' })).toBe(short);
  });

  it.each([
    ['en-US', 'Jan 1, 2026, 7:00 AM'],
    ['zh-CN', '2026年1月1日 07:00'],
    ['th-TH', '1 ม.ค. 2569 07:00'],
  ])('adds the time of day in the given zone for %s', (locale, expected) => {
    expect(spaces(formatDate(NEW_YEAR, locale, { timeZone: 'Asia/Bangkok', style: 'datetime' }))).toBe(expected);
  });

  it('takes a Date as it is, not as seconds', () => {
    expect(formatDate(new Date(NEW_YEAR * 1000), 'en-US', { timeZone: 'UTC' })).toBe('Jan 1, 2026');
  });

  it('moves the day with the time zone', () => {
    expect(formatDate(NEW_YEAR, 'en-US', { timeZone: 'America/New_York' })).toBe('Dec 31, 2025');
  });

  it('gives an empty string for an invalid date or zone rather than "Invalid Date"', () => {
    expect(formatDate(Number.NaN, 'en-US')).toBe('');
    expect(formatDate(new Date('nope'), 'en-US')).toBe('');
    expect(formatDate(NEW_YEAR, 'en-US', { timeZone: 'Nowhere/Land' })).toBe('');
  });
});

describe('formatPrice', () => {
  it.each([
    ['en-US', '$19.99', 'CN¥18.00', 'THB 30.00'],
    ['zh-CN', 'US$19.99', '¥18.00', 'THB 30.00'],
    ['th-TH', 'US$19.99', 'CN¥18.00', '฿30.00'],
  ])('writes cents as a %s price', (locale, usd, cny, thb) => {
    expect(spaces(formatPrice(1999, 'USD', locale))).toBe(usd);
    expect(spaces(formatPrice(1800, 'CNY', locale))).toBe(cny);
    expect(spaces(formatPrice(3000, 'THB', locale))).toBe(thb);
  });

  it('shows no decimals for currencies without them', () => {
    expect(formatPrice(4_900_000, 'VND', 'en-US')).toBe('₫49,000');
  });

  it.each([
    ['zh-CN', 'CNY', 1200, '¥12.00'],
    ['zh-HK', 'HKD', 1800, 'HK$18.00'],
    ['zh-TW', 'TWD', 7500, 'NT$75.00'],
    ['id-ID', 'IDR', 1_900_000, 'Rp 19.000'],
    ['ms-MY', 'MYR', 990, 'RM 9.90'],
    ['fil-PH', 'PHP', 7500, '₱75.00'],
    ['vi-VN', 'VND', 4_900_000, '49.000 ₫'],
    ['th-TH', 'THB', 4900, '฿49.00'],
    ['en-US', 'USD', 199, '$1.99'],
  ])("writes a %s user's monthly VIP in %s as the locale does", (locale, currency, cents, shown) => {
    expect(spaces(formatPrice(cents, currency, locale))).toBe(shown);
  });

  it('writes the Taiwan dollar as NT$ in every locale, never as a bare "$" that reads as US dollars', () => {
    for (const locale of ['zh-TW', 'zh-HK', 'en-US', 'th-TH']) expect(formatPrice(7500, 'TWD', locale)).toMatch(/(^|[^A-Z])NT\$/);
    expect(formatPrice(-7500, 'TWD', 'zh-TW')).toBe('-NT$75.00');
    expect(formatPrice(7500, 'USD', 'zh-TW')).toBe('US$75.00');
  });

  it("shows whole rupiah on an engine whose ICU still gives IDR two decimals, and refuses a maximum below its minimum (Chromium 64's)", () => {
    const real = Intl.NumberFormat;
    const old = function (locale: string, options: Intl.NumberFormatOptions = {}) {
      if (options.currency !== 'IDR') return new real(locale, options);
      const min = options.minimumFractionDigits ?? 2;
      const max = options.maximumFractionDigits ?? Math.max(min, 2);
      if (max < min) throw new RangeError('maximumFractionDigits value is out of range.');
      return new real(locale, { ...options, minimumFractionDigits: min, maximumFractionDigits: max });
    } as unknown as typeof Intl.NumberFormat;
    Intl.NumberFormat = old;
    try {
      expect(spaces(new Intl.NumberFormat('id-ID', { style: 'currency', currency: 'IDR' }).format(19_000))).toBe('Rp 19.000,00');
      expect(spaces(formatPrice(1_900_000, 'IDR', 'id-ID'))).toBe('Rp 19.000');
      expect(spaces(formatPrice(25_000_000, 'IDR', 'en-US'))).toBe('IDR 250,000');
    } finally {
      Intl.NumberFormat = real;
    }
  });

  it('gives an empty string for an amount that is no number', () => {
    expect(formatPrice(Number.NaN, 'USD', 'en-US')).toBe('');
  });

  it('is only ever given a currency Intl formats: the API refuses a price in anything but an ISO 4217 code', () => {
    const price = { id: 'vip-month', tier: 'vip', period: 'month', days: 31, price: 1200, original: 1800, autoRenew: false, offerEndsAt: null };
    expect(v.is(plan, { ...price, currency: 'THB' })).toBe(true);
    for (const currency of ['US', 'thb', 'U$D', '', 'USDT']) {
      expect(v.is(plan, { ...price, currency })).toBe(false);
      expect(v.is(coinPackage, { id: 'coins-60', coins: 60, bonus: 0, price: 600, currency })).toBe(false);
    }
    // What the schema keeps out would stop the page: Intl throws on a code of another shape.
    for (const currency of ['US', 'U$D', 'USDT']) expect(() => formatPrice(100, currency, 'en-US')).toThrow(RangeError);
  });
});
