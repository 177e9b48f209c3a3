import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startTrial, stopTrial } from './trial';

describe('the 60-second preview', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    stopTrial();
    vi.useRealTimers();
  });

  it('ends after exactly 60 seconds, once', () => {
    const ended = vi.fn();
    startTrial(ended);
    vi.advanceTimersByTime(59_999);
    expect(ended).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(ended).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(120_000);
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('starts over for a new song: only the newest preview ends', () => {
    const first = vi.fn();
    const second = vi.fn();
    startTrial(first);
    vi.advanceTimersByTime(30_000);
    startTrial(second);
    vi.advanceTimersByTime(30_000);
    expect(first).not.toHaveBeenCalled();
    expect(second).not.toHaveBeenCalled();
    vi.advanceTimersByTime(30_000);
    expect(second).toHaveBeenCalledTimes(1);
    expect(first).not.toHaveBeenCalled();
  });

  it('stops when the user plays something else or leaves', () => {
    const ended = vi.fn();
    const stop = startTrial(ended);
    stop();
    startTrial(ended);
    stopTrial();
    vi.advanceTimersByTime(600_000);
    expect(ended).not.toHaveBeenCalled();
  });
});
