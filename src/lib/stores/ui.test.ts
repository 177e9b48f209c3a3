import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $dialog, $toast, answerDialog, confirmDialog, hideToast, showToast } from './ui';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  hideToast();
  answerDialog(false);
  vi.useRealTimers();
});

describe('showToast', () => {
  it('shows the message key and clears itself after 1500 ms', () => {
    showToast('error.noInternet');
    expect($toast.get()).toEqual({ key: 'error.noInternet' });
    vi.advanceTimersByTime(1499);
    expect($toast.get()).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect($toast.get()).toBeNull();
  });

  it('keeps the message params', () => {
    showToast('vip.daysLeft', { days: 3 });
    expect($toast.get()).toEqual({ key: 'vip.daysLeft', params: { days: 3 } });
  });

  it('replaces a toast already showing, and the second gets its full 1500 ms', () => {
    showToast('error.noInternet');
    vi.advanceTimersByTime(1000);
    showToast('error.uploadFailed');
    expect($toast.get()).toEqual({ key: 'error.uploadFailed' });
    vi.advanceTimersByTime(1000);
    expect($toast.get()).toEqual({ key: 'error.uploadFailed' });
    vi.advanceTimersByTime(500);
    expect($toast.get()).toBeNull();
  });

  it('can be hidden early', () => {
    showToast('error.noInternet');
    hideToast();
    expect($toast.get()).toBeNull();
  });
});

describe('confirmDialog', () => {
  it('opens the dialog and resolves true when confirmed', async () => {
    const answer = confirmDialog({ titleKey: 'vip.abandonTitle', messageKey: 'vip.abandonMessage', confirmKey: 'vip.abandon' });
    expect($dialog.get()).toEqual({ titleKey: 'vip.abandonTitle', messageKey: 'vip.abandonMessage', confirmKey: 'vip.abandon' });
    answerDialog(true);
    await expect(answer).resolves.toBe(true);
    expect($dialog.get()).toBeNull();
  });

  it('resolves false when cancelled', async () => {
    const answer = confirmDialog({ messageKey: 'vip.abandonMessage' });
    answerDialog(false);
    await expect(answer).resolves.toBe(false);
  });

  it('answers an open dialog with false when a second one is asked', async () => {
    const first = confirmDialog({ messageKey: 'vip.turnOffMessage' });
    const second = confirmDialog({ messageKey: 'vip.turnOnMessage' });
    await expect(first).resolves.toBe(false);
    expect($dialog.get()?.messageKey).toBe('vip.turnOnMessage');
    answerDialog(true);
    await expect(second).resolves.toBe(true);
  });

  it('ignores an answer when no dialog is open', () => {
    expect(() => answerDialog(true)).not.toThrow();
    expect($dialog.get()).toBeNull();
  });
});
