// @vitest-environment happy-dom
/**
 * A form opens (restores its draft, clears the last one's values) before anyone can type in it: what
 * is typed the moment a field appears stays, in the field and in the draft. Opened in an effect, the
 * form reset itself a frame after it was drawn, and a fast first tap lost what it typed (seen in CI
 * on /private.html).
 */
import { render } from 'preact';
import { afterEach, beforeEach, expect, it } from 'vitest';
import en from '../../shared/messages/en-US.json';
import { setPageText } from '../../lib/i18n';
import { $session } from '../../lib/session';
import { installFakeHost, type FakeHost } from '../../../server/fake-host';
import { FollowUp } from '../help/parts/FollowUp';
import { RequestForm } from '../personal/parts/RequestForm';
import { ReportForm } from '../report/parts/ReportForm';

let root: HTMLElement;
let host: FakeHost;

beforeEach(() => {
  sessionStorage.clear();
  host = installFakeHost(window);
  $session.set('signed-in');
  root = document.createElement('div');
  document.body.append(root);
  setPageText('en-US', { shell: en.shell, error: en.error, personal: en.personal, help: en.help, form: en.form, report: en.report });
});

afterEach(() => {
  render(null, root);
  root.remove();
  host.uninstall();
});

/** Types into a field the way a keyboard does: the value, then the input event. */
function type(selector: string, text: string) {
  const field = root.querySelector<HTMLInputElement | HTMLTextAreaElement>(selector)!;
  field.value = text;
  field.dispatchEvent(new Event('input', { bubbles: true }));
  return field;
}
/** Past the next frame, when effects scheduled by the first render have run. */
const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 20)));

it('/private.html: an e-mail typed as soon as the form is drawn stays', async () => {
  render(<RequestForm onLimit={() => undefined} onSent={() => undefined} />, root);
  type('#private-email', 'me@example.com');
  await nextFrame();
  expect(root.querySelector<HTMLInputElement>('#private-email')!.value).toBe('me@example.com');
  expect(sessionStorage.getItem('draft:personal-request')).toContain('me@example.com');
});

it('a follow-up typed as soon as the form is drawn stays', async () => {
  render(<FollowUp feedbackId="f1" onSent={() => undefined} />, root);
  type('#follow-up', 'It happens again today.');
  await nextFrame();
  expect(root.querySelector<HTMLTextAreaElement>('#follow-up')!.value).toBe('It happens again today.');
});

it('/k-report: a description typed as soon as the form is drawn stays, in the draft of that comment', async () => {
  render(<ReportForm target={{ type: 'comment', id: 'c1' }} onDone={() => undefined} />, root);
  type('#report-text', 'Spam in every thread.');
  await nextFrame();
  expect(root.querySelector<HTMLTextAreaElement>('#report-text')!.value).toBe('Spam in every thread.');
  expect(sessionStorage.getItem('draft:report:comment:c1')).toContain('Spam in every thread.');
});
