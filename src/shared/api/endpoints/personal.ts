/**
 * Personal data: what the backend holds about the account, and the once-a-day export of a
 * copy sent by e-mail as a PDF encrypted with the user's six-digit password. Times are Unix seconds.
 * The rules are src/shared/personal/rules.ts, shared with the server.
 */
import * as v from 'valibot';
import { LOCALES } from '../../locale';
import { endpoint } from '../endpoint';

const int = v.pipe(v.number(), v.integer());
const exportId = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/));

export const exportState = v.picklist(['requested', 'preparing', 'sent', 'expired']);

export const exportRecord = v.object({
  id: v.string(),
  /** Masked: `f•••@example.com`. */
  email: v.string(),
  state: exportState,
  requestedAt: int,
  /** When the e-mail went out; null before. */
  sentAt: v.nullable(int),
  /** When the file can no longer be downloaded (7 days after sending); null before. */
  expiresAt: v.nullable(int),
});

/** The account as the backend knows it (phone masked); device details come from the app (`getPersonalInfo`). */
export const personalInfo = endpoint(
  '/api/personal/info',
  v.object({}),
  v.object({ account: v.object({ nickname: v.string(), phone: v.string(), registeredAt: v.nullable(int) }) }),
);

/**
 * The longest value of each field of the app's `getPersonalInfo` an export request carries: the page
 * cuts a longer one to this, the server refuses one beyond it.
 */
export const APP_INFO_MAX = {
  nickname: 64,
  phone: 32,
  registerTime: 32,
  deviceBrand: 64,
  deviceModel: 64,
  ip: 64,
  osName: 64,
  osVersion: 64,
  appVersion: 32,
} as const;
const appText = (max: number) => v.optional(v.pipe(v.string(), v.maxLength(max)));

/**
 * What the app's `getPersonalInfo` said, as /accountData.html and /deviceData.html show it: the device
 * is known to the app only, and the app fills the account's gaps. Those fields and no other (an
 * unknown key is refused), each a string of at most APP_INFO_MAX characters. The server prints them
 * into the requester's own file and uses them for nothing else.
 */
export const exportAppInfo = v.strictObject({
  nickname: appText(APP_INFO_MAX.nickname),
  phone: appText(APP_INFO_MAX.phone),
  registerTime: appText(APP_INFO_MAX.registerTime),
  deviceBrand: appText(APP_INFO_MAX.deviceBrand),
  deviceModel: appText(APP_INFO_MAX.deviceModel),
  ip: appText(APP_INFO_MAX.ip),
  osName: appText(APP_INFO_MAX.osName),
  osVersion: appText(APP_INFO_MAX.osVersion),
  appVersion: appText(APP_INFO_MAX.appVersion),
});
export type ExportAppInfo = v.InferOutput<typeof exportAppInfo>;

/**
 * Asks for a copy of the user's personal data, once per calendar day of the user's region (the
 * server's, never `timeZone`, which dates the file's contents): the code the app
 * sent to `email` (sendPersonalInfoDownloadEmailCaptcha) proves the address; `password` encrypts the
 * PDF and cannot be changed. The file is written in `locale` (the page's; en-US when absent) and
 * holds the account and device data the personal pages show, `appInfo` among them. Refused with
 * `codeError` (wrong or expired code), `codeVoid` (too many wrong tries: a new code is needed), `downloadLimit` (a request already today) or `badRequest` (an
 * e-mail or password that breaks the rules).
 */
export const exportRequest = endpoint(
  '/api/personal/export',
  v.object({
    email: v.pipe(v.string(), v.maxLength(320)),
    code: v.pipe(v.string(), v.maxLength(12)),
    password: v.pipe(v.string(), v.maxLength(12)),
    timeZone: v.pipe(v.string(), v.maxLength(64)),
    attempt: v.pipe(v.string(), v.minLength(16), v.maxLength(64)),
    locale: v.optional(v.picklist(LOCALES)),
    appInfo: v.optional(exportAppInfo),
  }),
  v.object({ export: exportRecord }),
);

/** The user's export requests, newest first, and when the next one is allowed (null: now). */
export const exportStatus = endpoint(
  '/api/personal/exports',
  v.object({ timeZone: v.pipe(v.string(), v.maxLength(64)) }),
  v.object({ exports: v.array(exportRecord), nextAllowedAt: v.nullable(int) }),
);

/**
 * The file of an export, for the page to show: its name, when it expires and its contents as
 * labelled values. The file itself is `exportPdf`'s. Refused with `noContent` when it has expired or
 * is not the user's.
 */
export const exportFile = endpoint(
  '/api/personal/export/file',
  v.object({ id: exportId }),
  v.object({
    fileName: v.string(),
    expiresAt: int,
    sections: v.array(v.object({ title: v.picklist(['account']), rows: v.array(v.object({ label: v.string(), value: v.string() })) })),
  }),
);

/**
 * The encrypted PDF of an export, as base64, for its owner's live session only: a sealed request
 * like any other, so no link to it exists that could be logged or passed on (a link would be a
 * bearer URL). Refused with `noContent` when it has expired or is not the user's.
 */
export const exportPdf = endpoint(
  '/api/personal/export/pdf',
  v.object({ id: exportId }),
  // Only base64's alphabet: the page puts it into a data: URL as it is.
  v.object({ fileName: v.string(), pdf: v.pipe(v.string(), v.regex(/^[A-Za-z0-9+/]+={0,2}$/)) }),
);
