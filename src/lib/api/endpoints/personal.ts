/**
 * Personal data (issue 8): what the backend holds about the account, and the once-a-day export of a
 * copy sent by e-mail as a PDF encrypted with the user's six-digit password. Times are Unix seconds.
 * The rules are src/lib/personal/rules.ts, shared with the server.
 */
import * as v from 'valibot';
import { endpoint } from '../endpoint';

const int = v.pipe(v.number(), v.integer());

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
 * Asks for a copy of the user's personal data, once per calendar day in `timeZone`: the code the app
 * sent to `email` (sendPersonalInfoDownloadEmailCaptcha) proves the address; `password` encrypts the
 * PDF and cannot be changed. Refused with `codeError` (wrong or expired code), `codeVoid` (too many
 * wrong tries: a new code is needed), `downloadLimit` (a request already today) or `badRequest` (an
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
 * The file of an export: where to download it (a link valid until the file expires) and, for the
 * page to show, its contents as labelled values. Refused with `noContent` when it has expired or is
 * not the user's.
 */
export const exportFile = endpoint(
  '/api/personal/export/file',
  v.object({ id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/)) }),
  v.object({
    fileName: v.string(),
    url: v.string(),
    expiresAt: int,
    sections: v.array(v.object({ title: v.picklist(['account']), rows: v.array(v.object({ label: v.string(), value: v.string() })) })),
  }),
);
