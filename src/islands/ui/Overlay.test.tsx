// @vitest-environment happy-dom
import { hydrate, render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $dialog, confirmDialog, showToast } from '../../lib/stores/ui';
import { setPageText } from '../../lib/i18n';
import Overlay from './Overlay';
import en from '../../shared/messages/en-US.json';

let root: HTMLElement;

beforeEach(() => {
  vi.useFakeTimers();
  root = document.createElement('div');
  document.body.append(root);
  setPageText('en-US', { shell: en.shell, error: en.error });
  act(() => render(<Overlay />, root));
});

afterEach(() => {
  act(() => render(null, root));
  root.remove();
  vi.useRealTimers();
});

const text = () => root.textContent ?? '';
// act() draws a store change at once; the millisecond lets timers the overlay queued at zero delay run.
const tick = () => act(() => void vi.advanceTimersByTime(1));
// The dialog shows once its history entry is pushed (src/lib/stores/dialog-back.ts loads first), and
// is drawn once its code has come (./parts/Dialog, fetched after the overlay's first render).
const shown = () =>
  act(async () => {
    await import('../../lib/stores/dialog-back');
    await import('./parts/Dialog');
    await vi.waitUntil(() => $dialog.get() !== null, { interval: 0 });
  }).then(() =>
    vi.waitUntil(
      () => {
        tick();
        return root.querySelector('[role="alertdialog"]');
      },
      { interval: 0 },
    ),
  );
/** Opens the dialog and returns its answer. */
async function open(): Promise<{ answer: Promise<boolean> }> {
  let answer!: Promise<boolean>;
  act(() => {
    answer = confirmDialog({ messageKey: 'error.payFailed' });
  });
  await shown();
  tick();
  return { answer };
}

describe('toast', () => {
  it('shows the message in the page language for 1.5 s', () => {
    act(() => showToast('error.noInternet'));
    tick(); // 1 ms
    expect(root.querySelector('[role="status"]')?.textContent).toBe('No internet');
    act(() => void vi.advanceTimersByTime(1498)); // 1499 ms
    expect(text()).toContain('No internet');
    act(() => void vi.advanceTimersByTime(1)); // 1500 ms: hidden, drawn 1 ms later
    tick();
    expect(text()).not.toContain('No internet');
  });

  it('shows a toast asked for before it hydrated (it comes after the first screen) for the whole 1.5 s from then', () => {
    act(() => render(null, root));
    // The overlay's markup as the build wrote it: no toast.
    root.innerHTML = '<div class="toast-region" role="status" aria-live="polite"></div>';
    act(() => showToast('error.noInternet'));
    act(() => void vi.advanceTimersByTime(1000)); // the overlay's code still on its way
    act(() => hydrate(<Overlay />, root));
    tick();
    expect(root.querySelectorAll('[role="status"]')).toHaveLength(1);
    expect(root.querySelector('[role="status"]')?.textContent).toBe('No internet');
    act(() => void vi.advanceTimersByTime(1498)); // 1.5 s since it hydrated, less 1 ms
    expect(text()).toContain('No internet');
    act(() => void vi.advanceTimersByTime(1));
    tick();
    expect(text()).not.toContain('No internet');
  });

  it('shows the text of the locale the page embedded, and the key for an area it lacks', async () => {
    await act(async () => setPageText('vi-VN', { error: { noInternet: 'Không có kết nối Internet' } }));
    act(() => showToast('error.noInternet'));
    tick();
    expect(text()).toContain('Không có kết nối Internet');
    act(() => {
      void confirmDialog({ messageKey: 'error.noInternet' });
    });
    await shown();
    tick();
    expect(root.querySelector('.dialog-confirm')?.textContent).toBe('shell.ok');
    act(() => (root.querySelector('.dialog-cancel') as HTMLElement).click());
    tick();
  });
});

describe('confirm dialog', () => {
  it('resolves true on confirm and closes', async () => {
    const { answer } = await open();
    const dialog = root.querySelector('[role="alertdialog"]')!;
    expect(dialog.textContent).toContain('Payment failed');
    expect(document.activeElement?.textContent).toBe('OK');
    act(() => (root.querySelector('.dialog-confirm') as HTMLElement).click());
    await expect(answer).resolves.toBe(true);
    tick();
    expect(root.querySelector('[role="alertdialog"]')).toBeNull();
    expect($dialog.get()).toBeNull();
  });

  it('resolves false on cancel, on Escape and on the backdrop', async () => {
    for (const close of [
      () => (root.querySelector('.dialog-cancel') as HTMLElement).click(),
      () => root.querySelector('.dialog')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })),
      () => (root.querySelector('.dialog-backdrop') as HTMLElement).click(),
    ]) {
      const { answer } = await open();
      act(close);
      await expect(answer).resolves.toBe(false);
      tick();
    }
  });

  it('locks the page scroll while open', async () => {
    await open();
    expect(document.documentElement.classList.contains('scroll-lock')).toBe(true);
    act(() => (root.querySelector('.dialog-cancel') as HTMLElement).click());
    tick();
    expect(document.documentElement.classList.contains('scroll-lock')).toBe(false);
  });

  it('keeps Tab focus inside the dialog', async () => {
    await open();
    const [cancel, confirm] = [...root.querySelectorAll<HTMLElement>('.dialog button')];
    confirm!.focus();
    const tab = new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true });
    confirm!.dispatchEvent(tab);
    expect(tab.defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(cancel);
    act(() => cancel!.click());
    tick();
  });
});
