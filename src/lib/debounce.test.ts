import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debounce } from './debounce';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('debounce', () => {
  it('calls once, wait ms after the last call, with the last arguments', () => {
    const fn = vi.fn();
    const search = debounce(fn, 300);
    search('j');
    vi.advanceTimersByTime(200);
    search('ja');
    vi.advanceTimersByTime(299);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledOnce();
    expect(fn).toHaveBeenCalledWith('ja');
  });

  it('drops the waiting call on cancel', () => {
    const fn = vi.fn();
    const search = debounce(fn, 300);
    search('x');
    expect(search.pending()).toBe(true);
    search.cancel();
    expect(search.pending()).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(fn).not.toHaveBeenCalled();
  });

  it('runs the waiting call at once on flush, and only once', () => {
    const fn = vi.fn();
    const save = debounce(fn, 300);
    save(1, 2);
    save.flush();
    expect(fn).toHaveBeenCalledWith(1, 2);
    vi.advanceTimersByTime(1000);
    save.flush();
    expect(fn).toHaveBeenCalledOnce();
  });

  it('does nothing on flush when no call is waiting', () => {
    const fn = vi.fn();
    debounce(fn, 300).flush();
    expect(fn).not.toHaveBeenCalled();
  });

  it('can be called again from inside fn', () => {
    let calls = 0;
    const retry: ReturnType<typeof debounce<[]>> = debounce(() => {
      calls += 1;
      if (calls < 2) retry();
    }, 100);
    retry();
    vi.advanceTimersByTime(100);
    expect(retry.pending()).toBe(true);
    vi.advanceTimersByTime(100);
    expect(calls).toBe(2);
  });
});
