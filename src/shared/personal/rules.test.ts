import { describe, expect, it } from 'vitest';
import { checkEmail, checkPassword, dayIn, maskEmail, maskPhone, nextDayStart } from './rules';

describe('personal-data request rules', () => {
  it.each([
    ['', { ok: false, error: 'personal.emailEmpty' }],
    ['   ', { ok: false, error: 'personal.emailEmpty' }],
    ['me@example', { ok: false, error: 'error.emailFormat' }],
    ['me example.com', { ok: false, error: 'error.emailFormat' }],
    [' me@example.com ', { ok: true, email: 'me@example.com' }],
  ])('e-mail %j', (raw, expected) => {
    expect(checkEmail(raw)).toEqual(expected);
  });

  it.each([
    ['123456', '123456', null],
    ['12345', '12345', 'personal.passwordFormat'],
    ['1234567', '1234567', 'personal.passwordFormat'],
    ['12345a', '12345a', 'personal.passwordFormat'],
    ['１２３４５６', '１２３４５６', 'personal.passwordFormat'],
    ['123456', '123465', 'personal.passwordMismatch'],
  ])('password %j / %j', (password, again, error) => {
    expect(checkPassword(password, again)).toBe(error);
  });
});

describe('once a day, in the user time zone', () => {
  // 2026-11-23 17:30 UTC: still the 23rd in London, already the 24th in Singapore, the 23rd in Los Angeles.
  const t = Date.UTC(2026, 10, 23, 17, 30);
  it.each([
    ['UTC', '2026-11-23'],
    ['Asia/Singapore', '2026-11-24'],
    ['Asia/Bangkok', '2026-11-24'],
    ['America/Los_Angeles', '2026-11-23'],
    ['Asia/Kolkata', '2026-11-23'],
    ['Not/AZone', '2026-11-23'],
  ])('%s: %s', (zone, day) => {
    expect(dayIn(t, zone)).toBe(day);
  });

  it('allows the next request at the next local midnight', () => {
    expect(nextDayStart(t, 'UTC')).toBe(Date.UTC(2026, 10, 24));
    expect(nextDayStart(t, 'Asia/Singapore')).toBe(Date.UTC(2026, 10, 24, 16));
    expect(nextDayStart(t, 'Asia/Kolkata')).toBe(Date.UTC(2026, 10, 23, 18, 30));
    // Across a daylight-saving change: Los Angeles goes back an hour on 2026-11-01.
    expect(nextDayStart(Date.UTC(2026, 10, 1, 12), 'America/Los_Angeles')).toBe(Date.UTC(2026, 10, 2, 8));
  });
});

describe('masking', () => {
  it('shows only the last four digits of a phone number', () => {
    expect(maskPhone('+65 8123 4567')).toBe('••••••4567');
    expect(maskPhone('13800138000')).toBe('•••••••8000');
    expect(maskPhone('123')).toBe('123');
  });
  it('hides most of an e-mail name', () => {
    expect(maskEmail('first.last@example.com')).toBe('f•••@example.com');
    expect(maskEmail('nope')).toBe('nope');
  });
});
