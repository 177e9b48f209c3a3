// @vitest-environment happy-dom
import { afterEach, expect, it, vi } from 'vitest';
import { keepAboveKeyboard } from './keyboard';

// The chunk with the host's reading cannot be fetched: the network went while the form was open.
vi.mock('../../lib/forms/keyboard', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

const rejections: unknown[] = [];
const onRejection = (reason: unknown) => void rejections.push(reason);
process.on('unhandledRejection', onRejection);
afterEach(() => process.off('unhandledRejection', onRejection));

it('offline, a focused field polls on without an unhandled rejection and keeps the form as it was', async () => {
  vi.useFakeTimers();
  document.body.innerHTML = '<form><input id="a"><button>Send</button></form>';
  const form = document.querySelector('form')!;
  const stop = keepAboveKeyboard(form);
  document.querySelector<HTMLInputElement>('#a')!.focus();
  await vi.advanceTimersByTimeAsync(1300); // the first try and three polls
  vi.useRealTimers();
  await new Promise((done) => setTimeout(done, 10));
  expect(rejections).toEqual([]);
  expect(form.style.paddingBottom).toBe('');
  stop();
});
