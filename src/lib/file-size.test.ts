import { describe, expect, it } from 'vitest';
import { formatFileSize } from './file-size';

describe('formatFileSize', () => {
  it.each([
    ['en-US', '0 bytes', '1.5 kB', '200 MB', '1.5 GB'],
    ['zh-CN', '0字节', '1.5 kB', '200 MB', '1.5 GB'],
    ['th-TH', '0 ไบต์', '1.5 kB', '200 MB', '1.5 GB'],
  ])('writes sizes in %s units', (locale, zero, kilo, mega, giga) => {
    expect(formatFileSize(0, locale)).toBe(zero);
    expect(formatFileSize(1536, locale)).toBe(kilo);
    expect(formatFileSize(200 * 1024 * 1024, locale)).toBe(mega);
    expect(formatFileSize(1.5 * 1024 ** 3, locale)).toBe(giga);
  });

  it("writes bytes out in the locale's plural forms", () => {
    expect(formatFileSize(1, 'en-US')).toBe('1 byte');
    expect(formatFileSize(999, 'en-US')).toBe('999 bytes');
    expect(formatFileSize(512, 'ms-MY')).toBe('512 bait');
    expect(formatFileSize(512, 'zh-HK')).toBe('512 位元組');
  });

  it('moves to the next unit at 1,000 and never shows four digits or "1024 kB"', () => {
    expect(formatFileSize(1000, 'en-US')).toBe('1 kB');
    expect(formatFileSize(1000, 'vi-VN')).toBe('1 kB');
    expect(formatFileSize(1024, 'en-US')).toBe('1 kB');
    expect(formatFileSize(999 * 1024, 'en-US')).toBe('999 kB');
    expect(formatFileSize(1024 * 1024 - 1, 'en-US')).toBe('1 MB');
  });

  it("falls back to the unit's symbol where the engine has no unit style (Chromium before 77)", () => {
    const real = Intl.NumberFormat;
    const old = function (locale: string, options?: Intl.NumberFormatOptions) {
      if (options?.style === 'unit') throw new RangeError('Value unit out of range for Intl.NumberFormat options property style');
      return new real(locale, options);
    } as unknown as typeof Intl.NumberFormat;
    Intl.NumberFormat = old;
    try {
      expect(formatFileSize(1536, 'vi-VN')).toBe('1,5 kB');
      expect(formatFileSize(12, 'en-US')).toBe('12 B');
    } finally {
      Intl.NumberFormat = real;
    }
  });

  it('gives an empty string for a negative or non-finite size', () => {
    expect(formatFileSize(-1, 'en-US')).toBe('');
    expect(formatFileSize(Number.POSITIVE_INFINITY, 'en-US')).toBe('');
  });
});
