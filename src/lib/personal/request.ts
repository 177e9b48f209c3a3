/**
 * The request form of /private.html: the e-mail (kept in a draft), a code the app sends to it
 * (`sendPersonalInfoDownloadEmailCaptcha`, resend after 60 s), a six-digit password typed twice that
 * cannot be changed once set. Only the e-mail is a draft: a code expires, and a password is never
 * written to storage. The request carries the page's locale and what the app's `getPersonalInfo`
 * says, for the file to hold what /accountData.html and /deviceData.html show.
 */
import type { MessageKey } from '../../shared/message-key';
import { atom } from 'nanostores';
import * as v from 'valibot';
import { messageKey, type BodyOf } from '../api';
import { request } from '../request';
import { APP_INFO_MAX, exportRequest, type ExportAppInfo } from '../../shared/api/endpoints/personal';
import { command, query } from '../bridge';
import { getPersonalInfo } from '../../shared/bridge/calls/personal';
import { countdown } from '../forms/countdown';
import { draftAttempt, draftText } from '../forms/draft-fields';
import { createForm } from '../forms/form';
import { pageLocale } from '../i18n';
import { randomId } from '../../shared/id';
import { checkEmail, checkPassword } from '../../shared/personal/rules';

/** The app lets a code be asked for again after a minute. */
const RESEND_SECONDS = 60;
type Field = 'email' | 'code' | 'password';

interface RequestValues {
  email: string;
  code: string;
  password: string;
  again: string;
  attempt: string;
}

let timeZone = 'UTC';
// The page's word for "today's request is used after all" (./requests loadExports).
let onLimit = () => {};
// Typing a secret clears what was said of the secrets.
const SECRETS: readonly (Field | 'submit')[] = ['code', 'password', 'submit'];

/** `text` cut to `max` UTF-16 units, never between the two halves of a character. */
function clip(text: string, max: number): string {
  const cut = text.slice(0, max);
  return cut.length < text.length && /[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/**
 * What the app says of the account and device (`getPersonalInfo`), for the file to hold what
 * /accountData.html and /deviceData.html show: the contract's fields only, each cut to its bound.
 * @example appInfo() // { deviceBrand: 'OPPO', deviceModel: 'CPH2451', registerTime: '2024-01-02 10:00:00' }
 */
function appInfo(): ExportAppInfo {
  const host = query(getPersonalInfo);
  const info: ExportAppInfo = {};
  for (const key of Object.keys(APP_INFO_MAX) as (keyof typeof APP_INFO_MAX)[]) {
    const value = host[key];
    if (value !== undefined && value !== '') info[key] = clip(String(value), APP_INFO_MAX[key]);
  }
  return info;
}

/** @example requestForm.update({ email: 'me@example.com' }) */
export const requestForm = createForm<RequestValues, BodyOf<typeof exportRequest>, string, Field>({
  schema: v.object({ email: draftText, attempt: draftAttempt }),
  empty: () => ({ email: '', code: '', password: '', again: '', attempt: randomId() }),
  saved: ({ email, attempt }) => ({ email, attempt }),
  check: (values) => {
    const email = checkEmail(values.email);
    const code = values.code.trim();
    const password = checkPassword(values.password, values.again);
    if (email.ok && code && !password) {
      // The file is written in the page's language, and holds what the app knows of the device.
      return {
        ok: true,
        value: { email: email.email, code, password: values.password, timeZone, attempt: values.attempt, locale: pageLocale(), appInfo: appInfo() },
      };
    }
    const errors: Partial<Record<Field, MessageKey>> = {};
    if (!email.ok) errors.email = email.error;
    if (!code) errors.code = 'error.codeRequired';
    if (password) errors.password = password;
    return { ok: false, errors };
  },
  async send(body) {
    try {
      await request(exportRequest, body);
      return body.email;
    } catch (error) {
      // Used today after all (another device): the page says until when.
      if (messageKey(error) === 'error.downloadLimit') onLimit();
      throw error;
    }
  },
  // A wrong code, and one voided by too many wrong tries ("get a new code"), are the code field's.
  failed: (key) => (key === 'error.codeError' || key === 'error.codeVoid' ? 'code' : 'submit'),
  clears: { code: SECRETS, password: SECRETS, again: SECRETS },
});

/** The address the last code went to, for the hint under the field. */
export const $codeSentTo = atom<string | null>(null);
/** Seconds before another code may be asked for. */
export const resend = countdown();

/**
 * The form with its draft; `limit` is called when the server says today's request is used.
 * @example openRequest(() => void checkLimit(zone))
 */
export function openRequest(limit: () => void): void {
  onLimit = limit;
  requestForm.open('personal-request');
  $codeSentTo.set(null);
  resend.stop();
}

/**
 * Sends the request, the once-a-day limit counted in `zone`. True when sent; the answer
 * (`requestForm.$result`) is the address the file goes to.
 * @example await submitRequest('Asia/Singapore')
 */
export function submitRequest(zone: string): Promise<boolean> {
  timeZone = zone;
  return requestForm.submit();
}

/**
 * Asks the app to send a code to the e-mail typed. False when the e-mail is refused (its field says why).
 * @example sendCode() // true, and resend.$left counts down from 60
 */
export function sendCode(): boolean {
  const email = checkEmail(requestForm.$values.get().email);
  requestForm.clearErrors();
  if (!email.ok) {
    requestForm.setError('email', email.error);
    return false;
  }
  if (!command('sendPersonalInfoDownloadEmailCaptcha', { email: email.email }).ok) {
    requestForm.setError('code', 'shell.openInAppHint');
    return true;
  }
  $codeSentTo.set(email.email);
  resend.start(RESEND_SECONDS);
  return true;
}
