import * as v from 'valibot';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../../tests/fixtures/memory-storage';
import { ApiError } from '../api';
import { draftAttempt, draftChoice, draftText } from './draft-fields';
import { createForm, type Checked } from './form';
import { checkText } from '../../shared/forms/rules';

interface Values {
  reason: 'spam' | 'other' | null;
  text: string;
  secret: string;
  attempt: string;
}
const ATTEMPT = 'a'.repeat(32);
let attempts = 0;
const empty = (): Values => ({ reason: null, text: '', secret: '', attempt: `${'n'.repeat(30)}${++attempts}`.slice(-32) });
const check = ({ reason, text }: Values): Checked<{ reason: 'spam' | 'other'; text: string }, 'reason' | 'text' | 'notice'> => {
  const checked = checkText(text, { required: reason === 'other' });
  if (reason && checked.ok) return { ok: true, value: { reason, text: checked.text } };
  return { ok: false, errors: { ...(reason ? {} : { reason: 'form.reasonRequired' }), ...(checked.ok ? {} : { text: checked.error }) } };
};

function makeForm(send = vi.fn(async (value: { reason: string; text: string }, _values: Values) => `sent ${value.reason}`)) {
  const form = createForm({
    schema: v.object({ reason: draftChoice(['spam', 'other'] as const), text: draftText, attempt: draftAttempt }),
    empty,
    check,
    send,
    saved: ({ secret: _, ...rest }) => rest,
    failed: (key) => (key === 'error.codeError' ? 'text' : 'submit'),
    clears: { secret: [] },
    keep: ['notice'],
  });
  return { form, send };
}
const saved = (key: string) => JSON.parse(sessionStorage.getItem(`draft:${key}`) ?? 'null');

beforeEach(() => {
  vi.stubGlobal('sessionStorage', memoryStorage());
});

describe('a form model', () => {
  it('shows the saved draft, and an empty form when there is none', () => {
    sessionStorage.setItem('draft:r1', JSON.stringify({ reason: 'spam', text: 'typed', attempt: ATTEMPT }));
    const { form } = makeForm();
    form.open('r1');
    expect(form.$values.get()).toEqual({ reason: 'spam', text: 'typed', secret: '', attempt: ATTEMPT });
    form.open('r2');
    expect(form.$values.get()).toMatchObject({ reason: null, text: '' });
  });

  it('reads a tampered draft as safe values, and never throws', () => {
    const { form } = makeForm();
    const tampered = [
      { reason: 'hack', text: 42, attempt: ATTEMPT },
      { reason: ['spam'], text: { toString: 'x' }, attempt: ATTEMPT, __proto__: { polluted: true } },
      { reason: 'spam', text: 'x'.repeat(1_000_000), attempt: ATTEMPT },
    ];
    for (const draft of tampered) {
      sessionStorage.setItem('draft:t', JSON.stringify(draft));
      expect(() => form.open('t')).not.toThrow();
      const values = form.$values.get();
      expect(typeof values.text).toBe('string');
      expect(values.text.length).toBeLessThanOrEqual(4000);
      expect([null, 'spam', 'other']).toContain(values.reason);
      expect(values.attempt).toBe(ATTEMPT);
    }
    // Not an object, no attempt key, not JSON: an empty form with its own attempt key.
    for (const junk of ['[1,2]', '"text"', 'null', '{not json', JSON.stringify({ reason: 'spam', text: 'x' }), JSON.stringify({ attempt: 7 })]) {
      sessionStorage.setItem('draft:t', junk);
      expect(() => form.open('t')).not.toThrow();
      expect(form.$values.get()).toMatchObject({ reason: null, text: '' });
      expect(form.$values.get().attempt).not.toBe(ATTEMPT);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('saves every change, but not what `saved` leaves out', () => {
    const { form } = makeForm();
    form.open('r1');
    form.update({ text: 'hello', secret: '123456' });
    expect(saved('r1')).toEqual({ reason: null, text: 'hello', attempt: form.$values.get().attempt });
    expect(sessionStorage.getItem('draft:r1')).not.toContain('123456');
  });

  it('saves nothing until the key is known, then shows the draft saved under it', () => {
    sessionStorage.setItem('draft:late', JSON.stringify({ reason: 'other', text: 'before', attempt: ATTEMPT }));
    const { form } = makeForm();
    form.open(null);
    form.update({ text: 'typed early' });
    expect(sessionStorage.length).toBe(1);
    form.open('late');
    expect(form.$values.get()).toMatchObject({ reason: 'other', text: 'before' });
  });

  it('applies the rules on submit: a message key per field, and nothing sent', async () => {
    const { form, send } = makeForm();
    form.open('r1');
    form.update({ reason: 'other' });
    expect(await form.submit()).toBe(false);
    expect(form.$errors.get()).toEqual({ text: 'form.required' });
    form.update({ reason: null, text: 'x'.repeat(400) });
    await form.submit();
    expect(form.$errors.get()).toEqual({ reason: 'form.reasonRequired', text: 'error.tooLong' });
    expect(send).not.toHaveBeenCalled();
  });

  it("clears a field's message when that field changes, and the submit message with it", async () => {
    const { form } = makeForm(vi.fn().mockRejectedValue(new ApiError('noInternet')));
    form.open('r1');
    await form.submit();
    form.update({ text: 'x' });
    expect(form.$errors.get()).toEqual({ reason: 'form.reasonRequired' });
    form.update({ reason: 'spam' });
    await form.submit();
    expect(form.$errors.get()).toEqual({ submit: 'error.noInternet' });
    form.update({ secret: '1' });
    expect(form.$errors.get()).toEqual({ submit: 'error.noInternet' });
    form.update({ text: 'y' });
    expect(form.$errors.get()).toEqual({});
  });

  it('sends once however often submit is tapped', async () => {
    let answer: (value: string) => void = () => {};
    const { form, send } = makeForm(vi.fn(() => new Promise<string>((resolve) => (answer = resolve))));
    form.open('r1');
    form.update({ reason: 'spam' });
    const first = form.submit();
    const second = form.submit();
    expect(form.$busy.get()).toBe(true);
    expect(await second).toBe(false);
    answer('ok');
    expect(await first).toBe(true);
    expect(send).toHaveBeenCalledTimes(1);
    expect(form.$busy.get()).toBe(false);
  });

  it('keeps every value and the draft when the send fails, with the message where it belongs', async () => {
    const { form, send } = makeForm(vi.fn().mockRejectedValueOnce(new ApiError('noInternet')).mockRejectedValueOnce(new ApiError('codeError')));
    form.open('r1');
    form.update({ reason: 'spam', text: 'keep me' });
    const before = form.$values.get();
    expect(await form.submit()).toBe(false);
    expect(form.$errors.get()).toEqual({ submit: 'error.noInternet' });
    expect(form.$values.get()).toEqual(before);
    expect(saved('r1')).toMatchObject({ text: 'keep me' });
    await form.submit();
    expect(form.$errors.get()).toEqual({ text: 'error.codeError' });
    expect(form.$busy.get()).toBe(false);
    // The retry is the same submission: the same attempt key.
    expect(send.mock.calls[1]?.[1]).toMatchObject({ attempt: before.attempt });
  });

  it('forgets the draft only once sent, and keeps the answer', async () => {
    const { form, send } = makeForm();
    form.open('r1');
    form.update({ reason: 'spam', text: ' sent ' });
    expect(await form.submit()).toBe(true);
    expect(send).toHaveBeenCalledWith({ reason: 'spam', text: 'sent' }, expect.objectContaining({ text: ' sent ' }));
    expect(form.$result.get()).toBe('sent spam');
    expect(sessionStorage.getItem('draft:r1')).toBeNull();
    expect(form.$values.get()).toMatchObject({ reason: null, text: '' });
  });

  it('leaves a notice about what was picked through a submit', async () => {
    const { form } = makeForm();
    form.open('r1');
    form.setError('notice', 'form.screenshotType');
    await form.submit();
    expect(form.$errors.get()).toEqual({ notice: 'form.screenshotType', reason: 'form.reasonRequired' });
    form.clearErrors('notice');
    expect(form.$errors.get()).toEqual({ reason: 'form.reasonRequired' });
  });

  it('a sent form starts fresh: the notice about what was picked goes with the pictures', async () => {
    const { form } = makeForm();
    form.open('r1');
    form.update({ reason: 'spam' });
    form.setError('notice', 'form.screenshotType');
    expect(await form.submit()).toBe(true);
    expect(form.$errors.get()).toEqual({});
  });

  it('reset empties the form and forgets the draft', () => {
    const { form } = makeForm();
    form.open('r1');
    form.update({ text: 'x' });
    form.reset();
    expect(sessionStorage.getItem('draft:r1')).toBeNull();
    expect(form.$values.get().text).toBe('');
  });
});
