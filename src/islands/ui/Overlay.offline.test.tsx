// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { expect, it, vi } from 'vitest';
import { $dialog, $toast, confirmDialog } from '../../lib/stores/ui';
import Overlay from './Overlay';

// The dialog's chunk cannot be fetched: the page went offline after it opened, before any question.
vi.mock('./parts/Dialog', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

it('answers "no" to a question whose dialog cannot be fetched, and says the page is offline', async () => {
  const root = document.createElement('div');
  document.body.append(root);
  await act(async () => render(<Overlay />, root));
  let answer!: Promise<boolean>;
  await act(async () => {
    answer = confirmDialog({ messageKey: 'error.payFailed' });
  });
  await vi.waitUntil(() => $dialog.get() === null && $toast.get() !== null, { interval: 1 });
  await expect(answer).resolves.toBe(false);
  expect($toast.get()).toEqual({ key: 'error.noInternet' });
  expect(root.querySelector('[role="alertdialog"]')).toBeNull();
  act(() => render(null, root));
});
