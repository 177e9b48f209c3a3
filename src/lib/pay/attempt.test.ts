// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { attemptFor, endAttempt } from './attempt';

describe('purchase attempts', () => {
  beforeEach(() => sessionStorage.clear());

  it('one key per thing bought, the same until the purchase ends, then a new one', () => {
    const month = attemptFor('vip-month');
    expect(month).toMatch(/^[A-Za-z0-9]{16,}$/);
    expect(attemptFor('vip-month')).toBe(month);
    expect(attemptFor('coins:p300')).not.toBe(month);
    endAttempt('vip-month');
    expect(attemptFor('vip-month')).not.toBe(month);
  });

  it('survives a reload: the key is in sessionStorage', () => {
    const key = attemptFor('coins:custom:120');
    expect(sessionStorage.getItem('pay-attempt:coins:custom:120')).toBe(key);
  });
});
