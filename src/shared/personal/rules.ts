/**
 * The personal-data request's rules (spec §5, §9): the e-mail, the six-digit encryption password, the
 * once-a-day limit counted in the user's time zone, and how a phone number is shown. Shared by the
 * pages and the reference server.
 */

import { isEmail } from '../forms/contact';

/**
 * @example checkEmail(' me@example.com ') // { ok: true, email: 'me@example.com' }
 * @example checkEmail('') // { ok: false, error: 'error.emailEmpty' }
 */
export function checkEmail(raw: string): { ok: true; email: string } | { ok: false; error: 'personal.emailEmpty' | 'error.emailFormat' } {
  const email = raw.trim();
  if (!email) return { ok: false, error: 'personal.emailEmpty' };
  return isEmail(email) ? { ok: true, email } : { ok: false, error: 'error.emailFormat' };
}

/**
 * The encryption password: exactly six digits, typed twice the same.
 * @example checkPassword('123456', '123456') // null
 * @example checkPassword('12345', '12345') // 'personal.passwordFormat'
 */
export function checkPassword(password: string, again: string): 'personal.passwordFormat' | 'personal.passwordMismatch' | null {
  if (!/^\d{6}$/.test(password)) return 'personal.passwordFormat';
  return password === again ? null : 'personal.passwordMismatch';
}

/**
 * The calendar day of a moment in a time zone, as `YYYY-MM-DD`: one export per such day. An unknown
 * zone counts in UTC rather than fail.
 * @example dayIn(Date.UTC(2026, 10, 23, 17), 'Asia/Singapore') // '2026-11-24'
 */
export function dayIn(ms: number, timeZone: string): string {
  const format = (zone: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms);
  try {
    return format(timeZone);
  } catch {
    return format('UTC');
  }
}

/**
 * When the next request is allowed: the start of the next calendar day in the zone, in ms.
 * @example nextDayStart(Date.UTC(2026, 10, 23, 10), 'UTC') // Date.UTC(2026, 10, 24)
 */
export function nextDayStart(ms: number, timeZone: string): number {
  const today = dayIn(ms, timeZone);
  // Step forward by hours until the calendar day changes: zones differ by whole or half hours, and a
  // day is 23 to 25 hours long, so at most 25 steps; then back up to the first minute of it.
  let t = ms;
  while (dayIn(t, timeZone) === today) t += 3_600_000;
  while (dayIn(t - 60_000, timeZone) !== today) t -= 60_000;
  return t;
}

// In a module of its own: the pages that only show a number need not load the e-mail rules with it.
export { maskPhone } from './mask-phone';

/**
 * An e-mail shown with most of its name hidden.
 * @example maskEmail('first.last@example.com') // 'f•••@example.com'
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 1 ? email : `${email[0]}•••${email.slice(at)}`;
}
