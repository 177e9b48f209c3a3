import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { countdown } from './countdown';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the resend countdown', () => {
  it('counts whole seconds down to zero, then stops ticking', () => {
    const resend = countdown();
    expect(resend.$left.get()).toBe(0);
    resend.start(60);
    expect(resend.$left.get()).toBe(60);
    vi.advanceTimersByTime(1000);
    expect(resend.$left.get()).toBe(59);
    vi.advanceTimersByTime(58_500);
    expect(resend.$left.get()).toBe(1);
    vi.advanceTimersByTime(500);
    expect(resend.$left.get()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('starts over when started again, and stop ends it at once', () => {
    const resend = countdown();
    resend.start(10);
    vi.advanceTimersByTime(5000);
    resend.start(30);
    expect(resend.$left.get()).toBe(30);
    expect(vi.getTimerCount()).toBe(1);
    resend.stop();
    expect(resend.$left.get()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('takes a wait of zero (or less) as no wait', () => {
    const resend = countdown();
    resend.start(0);
    expect(resend.$left.get()).toBe(0);
    resend.start(-5);
    expect(resend.$left.get()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});
