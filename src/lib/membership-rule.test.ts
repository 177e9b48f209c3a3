import { describe, expect, it } from 'vitest';
import { isMemberAt } from './membership-rule';

const NOW = Date.parse('2026-11-25T08:00:00Z');
const SECONDS = NOW / 1000;

describe('isMemberAt', () => {
  it.each([
    ['is_member true', { is_member: true }, true],
    ['is_member 1 (older apps)', { is_member: 1 }, true],
    ['is_member "1" (a string is not the contract)', { is_member: '1' }, false],
    ['a plan ending in a second', { vip: { is_vip: 1, valid_time: SECONDS + 1 } }, true],
    ['a plan that ended now', { vip: { is_vip: 1, valid_time: SECONDS } }, false],
    ['a plan in the future but is_vip 0', { vip: { is_vip: 0, valid_time: SECONDS + 86_400 } }, false],
    ['valid_time as a numeric string (not the contract)', { vip: { is_vip: 1, valid_time: String(SECONDS + 60) } }, false],
    ['valid_time not a number', { vip: { is_vip: 1, valid_time: 'soon' } }, false],
    ['vip null', { vip: null }, false],
    ['nothing', {}, false],
  ])('%s → %s', (_, account, member) => {
    expect(isMemberAt(account, NOW)).toBe(member);
  });
});
