// @vitest-environment happy-dom
/**
 * The forms a limit can refuse (the server's abuse limits, docs/api.md): its 429 codes reach the
 * user as a message in their language, where the fix is (the code field for codes), and nothing
 * typed is lost.
 */
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../shared/messages/en-US.json';
import { ApiError, request } from '../lib/api';
import { setPageText } from '../lib/i18n';
import { $session } from '../lib/session';
import { FeedbackForm } from './help/parts/FeedbackForm';
import { RequestForm } from './personal/parts/RequestForm';
import ExchangeMembers from './vip/ExchangeMembers';

vi.mock('../lib/api', async (importOriginal) => ({ ...(await importOriginal<typeof import('../lib/api')>()), request: vi.fn() }));
const refuse = (code: ConstructorParameters<typeof ApiError>[0]) => vi.mocked(request).mockRejectedValueOnce(new ApiError(code, code, 429));

let root: HTMLElement;

beforeEach(() => {
  sessionStorage.clear();
  vi.mocked(request).mockReset();
  root = document.createElement('div');
  document.body.append(root);
  setPageText('en-US', { shell: en.shell, error: en.error, form: en.form, help: en.help, personal: en.personal, vip: en.vip });
  $session.set('signed-in');
});

afterEach(() => {
  act(() => render(null, root));
  root.remove();
});

const $ = <T extends Element>(selector: string) => {
  const found = root.querySelector<T>(selector);
  if (!found) throw new Error(`no ${selector}`);
  return found;
};
/** Lets the stores redraw (a zero-delay timer) and pending promises settle. */
const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
async function type(selector: string, value: string) {
  const field = $<HTMLInputElement | HTMLTextAreaElement>(selector);
  await act(() => {
    field.value = value;
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
async function submit() {
  await act(() => void $('form').dispatchEvent(new Event('submit', { bubbles: true, cancelable: true })));
  await settle();
  await settle();
}
const text = (selector: string) => $(selector).textContent;

describe('feedback form', () => {
  const config = { types: [{ id: 'music' as const, label: 'Music content' }], phoneOptional: true, codeRequired: true };

  async function fill() {
    act(() => render(<FeedbackForm config={config} presetType="music" song={null} onSent={() => undefined} />, root));
    await settle();
    await type('#feedback-text', 'The lyrics are late.');
    await type('#feedback-contact', 'me@example.com');
    await type('#feedback-code', '123456');
  }

  it('shows a code voided by wrong tries at the code field, and keeps everything typed', async () => {
    await fill();
    refuse('codeVoid');
    await submit();
    expect(text('#feedback-code-note')).toBe(en.error.codeVoid);
    expect($<HTMLTextAreaElement>('#feedback-text').value).toBe('The lyrics are late.');
    expect($<HTMLInputElement>('#feedback-contact').value).toBe('me@example.com');
    expect($<HTMLInputElement>('#feedback-code').value).toBe('123456');
  });

  it("says the day's feedback is used up above the button", async () => {
    await fill();
    refuse('feedbackLimit');
    await submit();
    // SubmitBar: the failed submit's message sits right before the button.
    expect($('.form-submit').previousElementSibling?.textContent).toBe(en.error.feedbackLimit);
    expect(root.querySelector('#feedback-code-note')?.textContent).not.toBe(en.error.feedbackLimit);
    expect($<HTMLTextAreaElement>('#feedback-text').value).toBe('The lyrics are late.');
  });

  it.each(['codeTooSoon', 'codeLimit'] as const)('shows a refused send (%s) at the code field', async (code) => {
    await fill();
    refuse(code);
    await act(() => $<HTMLButtonElement>('.code-row button').click());
    await settle();
    expect(text('#feedback-code-note')).toBe(en.error[code]);
    expect($<HTMLInputElement>('#feedback-code').value).toBe('123456');
  });
});

describe('personal-data request form', () => {
  it('shows a code voided by wrong tries at the code field, and keeps the e-mail, code and password', async () => {
    act(() => render(<RequestForm onLimit={() => undefined} onSent={() => undefined} />, root));
    await settle();
    await type('#private-email', 'me@example.com');
    await type('#private-code', '123456');
    await type('#private-password', '654321');
    await type('#private-again', '654321');
    refuse('codeVoid');
    await submit();
    expect(text('#private-code-note')).toBe(en.error.codeVoid);
    expect($<HTMLInputElement>('#private-email').value).toBe('me@example.com');
    expect($<HTMLInputElement>('#private-code').value).toBe('123456');
    expect($<HTMLInputElement>('#private-password').value).toBe('654321');
  });
});

describe('redeem form', () => {
  it('says to wait an hour after too many refused codes, and keeps the code typed', async () => {
    act(() => render(<ExchangeMembers />, root));
    await settle();
    await type('#redeem-code', 'vip7 days');
    refuse('redeemLimit');
    await submit();
    expect(text('#redeem-error')).toBe(en.error.redeemLimit);
    expect($<HTMLInputElement>('#redeem-code').value).toBe('vip7 days');
  });
});
