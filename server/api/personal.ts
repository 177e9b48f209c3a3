/**
 * Personal data: the account's details and the once-a-day export. The contract is
 * src/shared/api/endpoints/personal.ts; docs/api.md (section Personal data) describes the behaviour; the
 * rules are src/shared/personal/rules.ts.
 *
 * The verification code is sent by the app's own server when the page calls
 * `sendPersonalInfoDownloadEmailCaptcha`; the development route `POST /api/dev/export-captcha` stands
 * in for that call (the fake host and the simulator make it), `POST /api/dev/export-code` for the
 * mailbox. The file is a PDF encrypted with the user's six-digit password (server/api/pdf.ts), holding
 * what /accountData.html and /deviceData.html show in the page's language (./personal-pdf.ts), made
 * when the request is accepted, the only moment the password is in hand (it is kept only as a scrypt
 * hash). The file reaches the page only through `exportPdf`, a sealed request of the owner's live
 * session like every other: there is no link to it (a link would be a bearer URL).
 */
import { randomBytes, scryptSync } from 'node:crypto';
import { getRegionCodeForCountryCode, parsePhoneNumber } from 'awesome-phonenumber';
import type { ResponseOf } from '../../src/shared/api/contract';
import { exportRecord } from '../../src/shared/api/endpoints/personal';
import { checkEmail, checkPassword, dayIn, maskEmail, maskPhone, nextDayStart } from '../../src/shared/personal/rules';
import type { Db } from '../db';
import { transaction } from '../db/transaction';
import { codeInMailbox, sendCode, verifyCode } from './codes';
import { ApiFailure } from './failure';
import { pdfOf } from './pdf';
import { exportDocument, type AccountRow } from './personal-pdf';
import type { Handlers } from './pipeline';
import { rowAs, type Row } from './rows';
import { DAY, seconds } from '../time';

type Record_ = ResponseOf<'exportStatus'>['exports'][number];

/** The export link works for 7 days after the e-mail goes out. */
const FILE_DAYS = 7;

function hashPassword(password: string): string {
  const salt = randomBytes(16);
  return `${salt.toString('base64')}:${scryptSync(password, salt, 32).toString('base64')}`;
}

const toRecord = (row: Row, nowSec: number): Record_ => {
  const expiresAt = row.expires_at === null ? null : Number(row.expires_at);
  const record = {
    id: String(row.id),
    email: maskEmail(String(row.email)),
    // A sent file past its link's end reads as expired whatever the row still says.
    state: expiresAt !== null && expiresAt <= nowSec ? 'expired' : row.state,
    requestedAt: Number(row.requested_at),
    sentAt: row.sent_at === null ? null : Number(row.sent_at),
    expiresAt,
  };
  return rowAs(exportRecord, record, 'exports');
};

/** The account row as stored (the phone whole), or null when the backend has none. */
function accountRow(db: Db, uid: string): AccountRow | null {
  const row = db.prepare('SELECT * FROM accounts WHERE uid = ?').get(uid);
  return row
    ? { nickname: String(row.nickname ?? ''), phone: String(row.phone ?? ''), registeredAt: row.registered_at === null ? null : Number(row.registered_at) }
    : null;
}

/**
 * Where "once a day" is counted: the time zone of the user's region, as the account service knows it
 * (the country of the account's phone number), never a zone the request names (that gave two
 * exports in one real day, asked for from `Etc/GMT+12` and then `Etc/GMT-14`). A region with several
 * zones counts in its capital's; a user with no account row, or a region not listed, in the service's.
 */
export const SERVICE_TIME_ZONE = 'Asia/Singapore';
const REGION_TIME_ZONES: Readonly<Record<string, string>> = {
  SG: 'Asia/Singapore',
  CN: 'Asia/Shanghai',
  TW: 'Asia/Taipei',
  HK: 'Asia/Hong_Kong',
  MO: 'Asia/Macau',
  ID: 'Asia/Jakarta',
  MY: 'Asia/Kuala_Lumpur',
  PH: 'Asia/Manila',
  VN: 'Asia/Ho_Chi_Minh',
  TH: 'Asia/Bangkok',
  US: 'America/New_York',
};

/**
 * The zone a user's export day is counted in.
 * @example exportTimeZone(db, '10001') // 'Asia/Singapore' (the account's phone is +65)
 */
export function exportTimeZone(db: Db, uid: string): string {
  const phone = accountRow(db, uid)?.phone;
  if (!phone) return SERVICE_TIME_ZONE;
  const parsed = parsePhoneNumber(phone);
  const region = parsed.regionCode ?? (parsed.countryCode ? getRegionCodeForCountryCode(parsed.countryCode) : undefined);
  return (region && REGION_TIME_ZONES[region]) || SERVICE_TIME_ZONE;
}

/** The account as the pages get it: the phone masked but for its last four digits. */
function account(db: Db, uid: string) {
  const row = accountRow(db, uid);
  return { nickname: row?.nickname ?? '', phone: row ? maskPhone(row.phone) : '', registeredAt: row?.registeredAt ?? null };
}

/**
 * The account part of the export as labelled values, for /AccountOrDevicePdf.html's table, which fills
 * their gaps and adds the device section from the app (src/lib/personal/export.ts withApp), as the PDF
 * prints them (server/api/personal-pdf.ts); the PDF alone has the phone number whole.
 */
function contents(db: Db, uid: string): ResponseOf<'exportFile'>['sections'] {
  const a = account(db, uid);
  return [
    {
      title: 'account',
      rows: [
        { label: 'nickname', value: a.nickname },
        { label: 'phone', value: a.phone },
        { label: 'registeredAt', value: a.registeredAt === null ? '' : new Date(a.registeredAt * 1000).toISOString().slice(0, 10) },
      ],
    },
  ];
}

/**
 * The app's server sends a code to the e-mail (development stand-in): a new six-digit code, valid 10
 * minutes, replacing the last, within the send limits of server/api/codes.ts (throws `codeTooSoon` or
 * `codeLimit`, 429). Returns it, as the mailbox would show it.
 */
export function sendExportCode(db: Db, uid: string, email: string, nowMs: number): string {
  return sendCode(db, 'export', uid, email.trim(), seconds(nowMs));
}

/**
 * The code last sent to the user, while it still works (development: the mailbox). Read from the
 * in-memory dev-mailbox, since the database holds only the code's HMAC.
 */
export function exportCodeOf(db: Db, uid: string, nowMs: number): string | undefined {
  return codeInMailbox(db, 'export', uid, seconds(nowMs));
}

/** Moves an export to a state (development: the production pipeline's steps), for tests and demos. */
export function setExportState(db: Db, id: string, state: 'requested' | 'preparing' | 'sent' | 'expired', nowMs: number): boolean {
  const now = seconds(nowMs);
  const [next, sentAt, expiresAt] =
    state === 'expired' ? ['sent', now - FILE_DAYS * DAY, now] : state === 'sent' ? ['sent', now, now + FILE_DAYS * DAY] : [state, null, null];
  return db.prepare('UPDATE exports SET state = ?, sent_at = ?, expires_at = ? WHERE id = ?').run(next, sentAt, expiresAt, id).changes > 0;
}

type PersonalHandlers = Pick<Handlers, 'personalInfo' | 'exportRequest' | 'exportStatus' | 'exportFile' | 'exportPdf'>;

/** The personal-data handlers, spread into HANDLERS (server/api/handlers.ts). */
export const PERSONAL_HANDLERS: PersonalHandlers = {
  personalInfo: ({ db, user }) => ({ account: account(db, user.uid) }),

  exportRequest: ({ db, user, body, now }) => {
    const uid = user.uid;
    const at = seconds(now);
    const outcome = transaction(db, () => {
      const same = db.prepare('SELECT * FROM exports WHERE uid = ? AND attempt = ?').get(uid, body.attempt);
      if (same) return { export: toRecord(same, at) };
      const email = checkEmail(body.email);
      if (!email.ok) throw new ApiFailure('badRequest', 422, 'The e-mail is empty or not an address.');
      if (checkPassword(body.password, body.password)) throw new ApiFailure('badRequest', 422, 'The password must be exactly six digits.');
      // A wrong try is counted and must stay counted: the refusal leaves the transaction as a value
      // (which commits) and is thrown below. The right code is used up here, and comes back if the
      // day's request is taken (that refusal rolls back).
      const refusal = verifyCode(db, 'export', uid, email.email, body.code, at);
      if (refusal) return { refusal };
      const day = dayIn(now, exportTimeZone(db, uid));
      if (db.prepare('SELECT 1 FROM exports WHERE uid = ? AND day = ?').get(uid, day)) throw new ApiFailure('downloadLimit', 429);
      const id = `ex-${randomBytes(9).toString('base64url')}`;
      // The file is made now, while the plain password is in hand: only its hash is stored, so no later
      // step could encrypt it. (A production backend that builds the file later keeps the password
      // encrypted until then; this one never stores it.)
      // What /accountData.html and /deviceData.html show, in the page's language; the app's values
      // (`appInfo`, checked against the contract's allow-list) go into this file and nowhere else.
      const printed = exportDocument(body.locale ?? 'en-US', body.timeZone, accountRow(db, uid), body.appInfo);
      const file = pdfOf(printed.title, printed.lines, body.password);
      db.prepare(
        `INSERT INTO exports (id, uid, attempt, email, password_hash, day, state, requested_at, sent_at, expires_at, token, file)
         VALUES (?, ?, ?, ?, ?, ?, 'sent', ?, ?, ?, ?, ?)`,
      ).run(
        id,
        uid,
        body.attempt,
        email.email,
        hashPassword(body.password),
        day,
        at,
        at,
        at + FILE_DAYS * DAY,
        // The old link column (migration 12): no longer a secret, as no link opens the file.
        id,
        file,
      );
      return { export: toRecord(db.prepare('SELECT * FROM exports WHERE id = ?').get(id)!, at) };
    });
    if ('refusal' in outcome) throw outcome.refusal;
    return outcome;
  },

  exportStatus: ({ db, user, now }) => {
    const uid = user.uid;
    const at = seconds(now);
    const rows = db.prepare('SELECT * FROM exports WHERE uid = ? ORDER BY requested_at DESC, id DESC LIMIT 30').all(uid);
    // The day as exportRequest counts it; `body.timeZone` only says how the page shows times.
    const zone = exportTimeZone(db, uid);
    const usedToday = rows.some((r) => r.day === dayIn(now, zone));
    return { exports: rows.map((r) => toRecord(r, at)), nextAllowedAt: usedToday ? seconds(nextDayStart(now, zone)) : null };
  },

  exportFile: ({ db, user, body, now }) => {
    const row = fileOf(db, body.id, user.uid, now);
    return { fileName: fileName(row), expiresAt: Number(row.expires_at), sections: contents(db, user.uid) };
  },

  exportPdf: ({ db, user, body, now }) => {
    const row = fileOf(db, body.id, user.uid, now);
    return { fileName: fileName(row), pdf: Buffer.from(row.file as Uint8Array).toString('base64') };
  },
};

/**
 * The user's export `id` while its file can be had; else `noContent` 410, one answer for an expired
 * file, another user's and one that never was, so that an id tells a stranger nothing.
 */
function fileOf(db: Db, id: string, uid: string, now: number): Row {
  const row = db.prepare('SELECT * FROM exports WHERE id = ? AND uid = ?').get(id, uid);
  if (!row || row.expires_at === null || Number(row.expires_at) <= seconds(now) || !row.file) throw new ApiFailure('noContent', 410);
  return row;
}

const fileName = (row: Row) => `personal-data-${String(row.day)}.pdf`;
