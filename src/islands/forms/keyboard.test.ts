// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepAboveKeyboard } from './keyboard';

// The host says the keyboard is up and 300 px tall.
vi.mock('../../lib/forms/keyboard', () => ({ keyboardRoom: () => 300 }));

const settle = () => new Promise((done) => setTimeout(done, 0));

describe('keepAboveKeyboard', () => {
  let stop = () => {};
  afterEach(() => {
    stop();
    document.body.innerHTML = '';
  });

  it('makes room under the form for a field focused before it was watched (a tap while the form was being drawn)', async () => {
    document.body.innerHTML = '<form><input id="a"><button>Send</button></form>';
    const form = document.querySelector('form')!;
    document.querySelector<HTMLInputElement>('#a')!.focus();
    stop = keepAboveKeyboard(form);
    await vi.waitFor(() => expect(form.style.paddingBottom).toBe('300px'));
  });

  it('makes room when a field takes focus, and none once focus leaves the form', async () => {
    document.body.innerHTML = '<form><input id="a"></form><input id="b">';
    const form = document.querySelector('form')!;
    stop = keepAboveKeyboard(form);
    document.querySelector<HTMLInputElement>('#a')!.focus();
    await vi.waitFor(() => expect(form.style.paddingBottom).toBe('300px'));
    document.querySelector<HTMLInputElement>('#b')!.focus();
    await settle();
    expect(form.style.paddingBottom).toBe('');
  });
});
