// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { cleanReason, REASON_MAX } from '../pay/reason';
import { failurePage, failureReason } from './purchase-failure';

const visit = (href: string) => history.replaceState(null, '', href);

beforeEach(() => {
  sessionStorage.clear();
  visit('/channel?status_height=24&plan=vip-month');
});

describe('cleanReason: the provider’s message as plain, short text', () => {
  it.each([
    ['Card declined', 'Card declined'],
    ['  Card\u0007\u0000 declined\n\tby bank  ', 'Card declined by bank'],
    ['abc\u202edcba\u200b', 'abcdcba'],
    ['<img src=x onerror=alert(1)>', '<img src=x onerror=alert(1)>'],
    [42, ''],
    [undefined, ''],
  ])('%j → %j', (raw, clean) => expect(cleanReason(raw)).toBe(clean));

  it('cuts a long message at REASON_MAX characters, whole code points', () => {
    const cut = cleanReason('😀'.repeat(500));
    expect([...cut]).toHaveLength(REASON_MAX);
    expect(cut.endsWith('…')).toBe(true);
  });
});

describe('failurePage → failureReason', () => {
  it('keeps the message for that order only, and the page address carries the shell and the order', () => {
    const href = failurePage('vip-month', 'o-abc', 'Card declined');
    expect(href).toBe('/payError?status_height=24&plan=vip-month&order=o-abc');
    visit(href);
    expect(failureReason()).toBe('Card declined');
    visit('/payError?plan=vip-month&order=o-other');
    expect(failureReason()).toBe('');
  });

  it('a crafted link has nothing to show, whatever its query says', () => {
    visit('/payError?plan=vip-month&order=o-abc&message=Call%20us');
    expect(failureReason()).toBe('');
  });

  it('no message: nothing kept, not even an older order’s', () => {
    failurePage('vip-month', 'o-1', 'First');
    failurePage('vip-month', 'o-2');
    visit('/payError?order=o-1');
    expect(failureReason()).toBe('');
  });
});
