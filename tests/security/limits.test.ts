/**
 * Abuse attacks on the reference server, each of which worked before the limits: guessing a
 * six-digit code at hundreds of tries a second, flooding one phone with codes, guessing redeem codes,
 * burying support in feedback, paying from a blocked region by spelling it differently, and reading
 * codes out of a world-readable app.db. Every test is the attack, and what the caller sees now.
 */
import { createHash, randomInt, randomUUID } from 'node:crypto';
import { chmodSync, closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { CODE_LIMITS } from '../../server/api/codes';
import { targetKey } from '../../server/api/contact-key';
import { FEEDBACK_MAX_PER_DAY } from '../../server/api/help';
import { ISO_3166_ALPHA2, knownRegion, paymentAllowed } from '../../server/api/regions';
import { feedbackBody } from '../fixtures/bodies';
import { useApiServer } from '../fixtures/api-server';
import { REDEEM_FAILURES } from '../../server/api/vip';
import { openDb } from '../../server/db';
import { SECRET_FILE, keyedHash } from '../../server/db/secret';

const DAY = 86_400;
let clock = Date.now();
/** Moves the server's clock on: a limit's window passes without the test waiting for it. */
const later = (seconds: number) => void (clock += seconds * 1000);
const api = useApiServer('limits-', { now: () => clock });
const { call, dev } = api;

const fresh = () => `lim-${randomUUID().slice(0, 8)}`;
const email = () => `${randomUUID().slice(0, 8)}@example.com`;
/** A Singapore mobile number as a user types it, spaces and all. */
const phone = () => {
  const digits = `8${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
  return `+65 ${digits.slice(0, 4)} ${digits.slice(4)}`;
};
/** The national digits of a Singapore mobile number libphonenumber holds valid (81–88 and six digits). */
const singaporeMobile = () => `8${randomInt(1, 9)}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
/** `n` six-digit codes that are all different from `code`. */
const wrongCodes = (code: string, n: number) =>
  Array.from({ length: n + 1 }, (_, i) => String((Number(code) + 1 + i * 7919) % 1_000_000).padStart(6, '0'))
    .filter((c) => c !== code)
    .slice(0, n);

const feedback = (contact: string, code: string) => feedbackBody({ contact, code });
const sendFeedback = (uid: string, contact: string, code: string) => call('/api/feedback', feedback(contact, code), uid);
const askFeedbackCode = (uid: string, contact: string) => call('/api/feedback/code', { contact }, uid);
const feedbackCodeOf = async (uid: string) => (await dev('/api/dev/feedback-code', { uid })).body.data.code as string;
const requestExport = (uid: string, email: string, code: string) =>
  call('/api/personal/export', { email, code, password: '123456', timeZone: 'UTC', attempt: randomUUID() }, uid);
const askExportCode = (uid: string, email: string) => dev('/api/dev/export-captcha', { uid, email });
const rowsOf = (table: string, uid: string) => Number(api.db.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE uid = ?`).get(uid)!.n);

const CODE_ERROR = { status: 422, body: { code: 'codeError' } };
const CODE_VOID = { status: 429, body: { code: 'codeVoid', message: 'Too many wrong codes. Get a new code and try again.' } };
const TOO_SOON = { status: 429, body: { code: 'codeTooSoon' } };
const CODE_LIMIT = { status: 429, body: { code: 'codeLimit' } };

describe('guessing a verification code', () => {
  it(`voids a feedback code at its ${CODE_LIMITS.wrongMax}th wrong try: the right code after six wrong ones is refused`, async () => {
    const uid = fresh();
    const contact = email();
    expect((await askFeedbackCode(uid, contact)).status).toBe(200);
    const code = await feedbackCodeOf(uid);
    const wrong = wrongCodes(code, 6);
    for (const guess of wrong.slice(0, CODE_LIMITS.wrongMax - 1)) expect(await sendFeedback(uid, contact, guess)).toMatchObject(CODE_ERROR);
    for (const guess of wrong.slice(CODE_LIMITS.wrongMax - 1)) expect(await sendFeedback(uid, contact, guess)).toMatchObject(CODE_VOID);
    expect(await sendFeedback(uid, contact, code)).toMatchObject(CODE_VOID);
    expect(rowsOf('feedback', uid)).toBe(0);
    // The inbox stand-in no longer offers a void code.
    expect((await dev('/api/dev/feedback-code', { uid })).status).toBe(404);

    // A new code (a minute later, as the send limit wants) works, and its tries start again.
    later(CODE_LIMITS.resendSeconds);
    expect((await askFeedbackCode(uid, contact)).status).toBe(200);
    const next = await feedbackCodeOf(uid);
    expect(next).toMatch(/^\d{6}$/);
    expect(await sendFeedback(uid, contact, wrongCodes(next, 1)[0]!)).toMatchObject(CODE_ERROR);
    expect((await sendFeedback(uid, contact, next)).status).toBe(200);
    expect(rowsOf('feedback', uid)).toBe(1);
  });

  it('voids an export code under a burst of wrong codes sent at once, then refuses the right one', async () => {
    const uid = fresh();
    const address = email();
    expect((await askExportCode(uid, address)).status).toBe(200);
    const code = (await dev('/api/dev/export-code', { uid })).body.data.code as string;
    // The attack: many guesses in flight together, then the right code.
    const replies = await Promise.all(wrongCodes(code, 40).map((guess) => requestExport(uid, address, guess)));
    expect(replies.filter((r) => r.status === 422)).toHaveLength(CODE_LIMITS.wrongMax - 1);
    expect(replies.filter((r) => r.status === 429 && r.body.code === 'codeVoid')).toHaveLength(40 - (CODE_LIMITS.wrongMax - 1));
    expect(await requestExport(uid, address, code)).toMatchObject(CODE_VOID);
    expect(rowsOf('exports', uid)).toBe(0);
    expect((await dev('/api/dev/export-code', { uid })).status).toBe(404);

    later(CODE_LIMITS.resendSeconds);
    const next = (await askExportCode(uid, address)).body.data.code as string;
    expect((await requestExport(uid, address, next)).status).toBe(200);
  });

  it('counts a right code typed with another contact as a wrong try', async () => {
    const uid = fresh();
    const contact = email();
    await askFeedbackCode(uid, contact);
    const code = await feedbackCodeOf(uid);
    for (let i = 1; i < CODE_LIMITS.wrongMax; i++) expect(await sendFeedback(uid, email(), code)).toMatchObject(CODE_ERROR);
    expect(await sendFeedback(uid, email(), code)).toMatchObject(CODE_VOID);
    expect(await sendFeedback(uid, contact, code)).toMatchObject(CODE_VOID);
  });
});

describe('flooding a phone or a mailbox with codes', () => {
  it('sends to one phone at most once a minute, whoever asks and however the number is typed', async () => {
    const [first, second] = [fresh(), fresh()];
    const typed = phone();
    expect((await askFeedbackCode(first, typed)).body.data).toEqual({ resendAfter: 60 });
    expect(await askFeedbackCode(first, typed)).toMatchObject(TOO_SOON);
    // Another user, the same phone written without spaces or plus: the same phone.
    expect(await askFeedbackCode(second, typed.replace(/\D/g, ''))).toMatchObject(TOO_SOON);
    expect(await askFeedbackCode(second, typed.replace('+65 ', '(65) ').replace(' ', '-'))).toMatchObject(TOO_SOON);
    expect(await askFeedbackCode(first, typed)).toMatchObject({ body: { message: 'A code was just sent. Please wait a minute before asking for another.' } });
    later(CODE_LIMITS.resendSeconds - 1);
    expect(await askFeedbackCode(second, typed)).toMatchObject(TOO_SOON);
    later(1);
    expect((await askFeedbackCode(second, typed)).status).toBe(200);
  });

  it(`sends ${CODE_LIMITS.perTargetPerDay} codes to one address in 24 hours, from any users and for any purpose; the 6th is refused`, async () => {
    const address = email();
    for (let i = 0; i < CODE_LIMITS.perTargetPerDay; i++) {
      later(CODE_LIMITS.resendSeconds);
      // Feedback and export codes, and the address in capitals or with a +tag: one mailbox all the same.
      const reply = i % 2 ? await askExportCode(fresh(), address.toUpperCase()) : await askFeedbackCode(fresh(), address.replace('@', `+${i}@`));
      expect(reply.status).toBe(200);
    }
    later(CODE_LIMITS.resendSeconds);
    expect(await askFeedbackCode(fresh(), address)).toMatchObject({
      ...CODE_LIMIT,
      body: { code: 'codeLimit', message: 'Too many codes have been sent today. Please try again tomorrow.' },
    });
    expect(await askExportCode(fresh(), address)).toMatchObject(CODE_LIMIT);
    // The window rolls: a day after the first send, one more may go.
    later(DAY - CODE_LIMITS.perTargetPerDay * CODE_LIMITS.resendSeconds);
    expect((await askFeedbackCode(fresh(), address)).status).toBe(200);
  });

  it(`lets one user ask for ${CODE_LIMITS.perUserPerDay} codes in 24 hours, to any contacts`, async () => {
    const uid = fresh();
    for (let i = 0; i < CODE_LIMITS.perUserPerDay; i++) {
      later(CODE_LIMITS.resendSeconds);
      expect((await askFeedbackCode(uid, phone())).status).toBe(200);
    }
    later(CODE_LIMITS.resendSeconds);
    expect(await askFeedbackCode(uid, phone())).toMatchObject(CODE_LIMIT);
    later(DAY);
    expect((await askFeedbackCode(uid, phone())).status).toBe(200);
  });

  it('counts a contact the way the server reads contacts', () => {
    expect(targetKey('+65 8123 4567')).toBe(targetKey('6581234567'));
    expect(targetKey('(65) 8123-4567')).toBe('+6581234567');
    expect(targetKey(' Me+spam@Example.COM ')).toBe('me@example.com');
    expect(targetKey('me@example.com')).not.toBe(targetKey('you@example.com'));
  });

  // Each of these once reached the victim's phone or inbox and was counted as a new contact.
  it('counts a phone however it is written: 00 for +, a national number in the app region, a trunk 0 after the country code', async () => {
    const digits = singaporeMobile();
    expect(targetKey(`+65${digits}`)).toBe(`+65${digits}`);
    const sendFrom = (uid: string, contact: string, region?: string) => call('/api/feedback/code', { contact, region }, uid);
    expect((await sendFrom(fresh(), `+65 ${digits}`)).status).toBe(200);
    for (const [alias, region] of [
      [`0065${digits}`],
      [`${digits.slice(0, 4)} ${digits.slice(4)}`, 'SG'],
      [`${digits}`, 'sg'],
      [`+65 0${digits}`],
      [`+65 (0)${digits.slice(0, 4)}-${digits.slice(4)}`],
    ] as const) {
      expect(await sendFrom(fresh(), alias, region), alias).toMatchObject(TOO_SOON);
    }
    // The same digits in another region are another phone, and a region that is no region reads none.
    expect((await sendFrom(fresh(), digits, 'MY')).status).toBe(200);
    expect(targetKey(digits, 'Singapore')).toBe(digits);
  });

  it('counts a Gmail inbox however it is written: dots, googlemail.com, case and +tags; a trailing-dot domain is refused', async () => {
    const name = `a${randomUUID().slice(0, 6)}`;
    const [local, dotted] = [`${name}x`, `${name.slice(0, 3)}.${name.slice(3)}.x`];
    expect((await askFeedbackCode(fresh(), `${local}@gmail.com`)).status).toBe(200);
    for (const alias of [`${dotted}@gmail.com`, `${local}@googlemail.com`, `${dotted.toUpperCase()}+news@GoogleMail.com`]) {
      expect(await askFeedbackCode(fresh(), alias), alias).toMatchObject(TOO_SOON);
    }
    expect(await askFeedbackCode(fresh(), `${local}@gmail.com.`)).toMatchObject({ status: 422, body: { code: 'emailFormat' } });
    expect(await askFeedbackCode(fresh(), 'not a contact')).toMatchObject({ status: 422, body: { code: 'contactInvalid' } });
    // Dots count elsewhere: another provider's dotted name is another inbox.
    expect(targetKey(`${dotted}@example.com`)).not.toBe(targetKey(`${local}@example.com`));
    expect(targetKey(`${local}@example.com.`)).toBe(`${local}@example.com`);
  });

  it('checks a feedback code against the contact as read in the region it was sent for', async () => {
    const uid = fresh();
    const digits = singaporeMobile();
    expect((await call('/api/feedback/code', { contact: digits, region: 'SG' }, uid)).status).toBe(200);
    const code = await feedbackCodeOf(uid);
    const submit = (contact: string, region: string) => call('/api/feedback', feedbackBody({ contact, code, region }), uid);
    // Read in Malaysia, the digits are another phone: the code was not sent there (a wrong try).
    expect(await submit(digits, 'MY')).toMatchObject({ status: 422, body: { code: 'codeError' } });
    // Written the international way, it is the phone the code went to.
    expect((await submit(`+65 ${digits}`, 'SG')).status).toBe(200);
  });
});

describe('codes at rest', () => {
  it('never stores a plain code: only its HMAC under the secret kept outside the database', async () => {
    const uid = fresh();
    const contact = email();
    const digitsBefore = sixDigitRunsOnDisk();
    await askFeedbackCode(uid, contact);
    const code = await feedbackCodeOf(uid);
    // One user asks for one code a minute.
    later(CODE_LIMITS.resendSeconds);
    const exported = (await askExportCode(uid, email())).body.data.code as string;
    for (const plain of [code, exported]) {
      for (const table of ['verification_codes', 'code_sends']) {
        for (const row of api.db.prepare(`SELECT * FROM ${table}`).all()) {
          for (const value of Object.values(row)) {
            expect(String(value)).not.toBe(plain);
            const bytes = value instanceof Uint8Array ? Buffer.from(value) : Buffer.from(String(value));
            expect(bytes.includes(Buffer.from(plain))).toBe(false);
          }
        }
      }
      // Nowhere in the files either, unless the same six digits were there before (a seeded phone number).
      if (!digitsBefore.has(plain)) expect(sixDigitRunsOnDisk().has(plain)).toBe(false);
    }
    const row = api.db.prepare("SELECT target, code_hash FROM verification_codes WHERE purpose = 'feedback' AND uid = ?").get(uid)!;
    const stored = Buffer.from(row.code_hash as Uint8Array);
    expect(stored).toEqual(keyedHash(api.db, 'code', 'feedback', uid, contact, code));
    // Keyed: not a hash anyone could recompute from the code alone.
    expect(stored).not.toEqual(createHash('sha256').update(code).digest());
  });
});

/** Every run of six ASCII digits in app.db and its WAL: where a plain code would show. */
function sixDigitRunsOnDisk(): Set<string> {
  const file = api.db.prepare("SELECT file FROM pragma_database_list WHERE name = 'main'").get()!.file as string;
  const text = [file, `${file}-wal`]
    .filter(existsSync)
    .map((path) => readFileSync(path).toString('latin1'))
    .join('\n');
  const runs = new Set<string>();
  for (const [digits] of text.matchAll(/\d{6,}/g)) for (let i = 0; i + 6 <= digits.length; i++) runs.add(digits.slice(i, i + 6));
  return runs;
}

describe('guessing redeem codes', () => {
  const issue = async () => (await dev('/api/dev/redeem-code', { tier: 'vip', days: 7 })).body.data.code as string;
  const redeem = (uid: string, code: string) => call('/api/vip/redeem', { code }, uid);
  const REDEEM_LIMIT = { status: 429, body: { code: 'redeemLimit', message: 'Too many attempts. Please wait an hour and try again.' } };

  // Every test from one address: each starts in an hour of its own, so the address's tries are its own.
  beforeEach(() => later(REDEEM_FAILURES.windowSeconds));
  const INVALID = { status: 422, body: { code: 'redeemInvalid' } };

  it(`refuses the ${REDEEM_FAILURES.max + 1}th try in an hour, even with the right code, until the hour has passed`, async () => {
    const uid = fresh();
    for (let i = 0; i < REDEEM_FAILURES.max; i++) expect(await redeem(uid, `GUESS-${i}`)).toMatchObject(INVALID);
    expect(await redeem(uid, 'GUESS-X')).toMatchObject(REDEEM_LIMIT);
    const right = await issue();
    expect(await redeem(uid, right)).toMatchObject(REDEEM_LIMIT);
    // Signing in again gives a new session, not a new allowance.
    const another = (await dev('/api/dev/session', { uid })).body.data.app_sessionid as string;
    expect(await api.callAs('/api/vip/redeem', { code: right }, { uid, app_sessionid: another })).toMatchObject(REDEEM_LIMIT);
    // Someone else is not held up by it.
    expect((await redeem(fresh(), await issue())).status).toBe(200);
    later(REDEEM_FAILURES.windowSeconds - 1);
    expect(await redeem(uid, right)).toMatchObject(REDEEM_LIMIT);
    later(1);
    expect(await redeem(uid, right)).toMatchObject({ status: 200, body: { data: { grant: { days: 7 } } } });
  });

  it('counts expired and used codes as failures, successful redeems not at all', async () => {
    const uid = fresh();
    expect(await redeem(uid, 'EXPIRED2024')).toMatchObject(INVALID);
    expect(await redeem(uid, 'USEDCODE')).toMatchObject(INVALID);
    for (let i = 2; i < REDEEM_FAILURES.max - 1; i++) expect(await redeem(uid, `NOPE-${i}`)).toMatchObject(INVALID);
    for (let i = 0; i < 3; i++) expect((await redeem(uid, await issue())).status).toBe(200);
    expect((await redeem(uid, 'NOPE-LAST')).status).toBe(422);
    expect(await redeem(uid, await issue())).toMatchObject(REDEEM_LIMIT);
  });

  it(`gives new accounts from one address no fresh tries: ${REDEEM_FAILURES.perClient} refusals an hour, then 429 for every account there`, async () => {
    let tries = 0;
    while (tries < REDEEM_FAILURES.perClient) {
      const uid = fresh();
      for (let i = 0; i < REDEEM_FAILURES.max && tries < REDEEM_FAILURES.perClient; i++, tries++) {
        expect(await redeem(uid, `SPRAY-${tries}`)).toMatchObject(INVALID);
      }
    }
    expect(await redeem(fresh(), await issue())).toMatchObject(REDEEM_LIMIT);
    later(REDEEM_FAILURES.windowSeconds);
    expect((await redeem(fresh(), await issue())).status).toBe(200);
  });
});

describe('burying support in feedback', () => {
  const backdate = (uid: string, n: number) => {
    const insert = api.db.prepare(
      "INSERT INTO feedback (id, uid, attempt, type, description, contact, attachments, screenshots, locale, state, created_at, updated_at) VALUES (?, ?, ?, 'other', 'x', 'a@b.co', '[]', '[]', 'en-US', 'submitted', ?, ?)",
    );
    const at = Math.floor(clock / 1000) - 60;
    for (let i = 0; i < n; i++) insert.run(`fb-${uid}-${i}`, uid, `attempt-${uid}-${i}`, at, at);
  };

  it(`refuses feedback past ${FEEDBACK_MAX_PER_DAY} in 24 hours, code or not; below it the code rule still holds`, async () => {
    const below = fresh();
    backdate(below, FEEDBACK_MAX_PER_DAY - 1);
    expect(await sendFeedback(below, email(), '')).toMatchObject({ status: 428, body: { code: 'codeRequired' } });

    const capped = fresh();
    backdate(capped, FEEDBACK_MAX_PER_DAY);
    const contact = email();
    expect(await sendFeedback(capped, contact, '')).toMatchObject({
      status: 429,
      body: { code: 'feedbackLimit', message: "You've reached today's feedback limit. Please try again tomorrow." },
    });
    // With a valid code too; and the refusal spends none of the code's tries.
    await askFeedbackCode(capped, contact);
    const code = await feedbackCodeOf(capped);
    for (let i = 0; i < CODE_LIMITS.wrongMax + 1; i++) expect((await sendFeedback(capped, contact, code)).status).toBe(429);
    expect(await feedbackCodeOf(capped)).toBe(code);
    expect(rowsOf('feedback', capped)).toBe(FEEDBACK_MAX_PER_DAY);
    // A day later the oldest have aged out.
    later(DAY);
    expect((await sendFeedback(capped, contact, '')).status).toBe(200);
  });

  it('still answers a retry of feedback already accepted, even at the cap', async () => {
    const uid = fresh();
    const body = feedback(email(), '');
    expect((await call('/api/feedback', body, uid)).status).toBe(200);
    backdate(uid, FEEDBACK_MAX_PER_DAY);
    expect((await call('/api/feedback', body, uid)).status).toBe(200);
    expect((await call('/api/feedback', { ...body, attempt: randomUUID() }, uid)).status).toBe(429);
  });
});

describe('paying from a blocked region', () => {
  const REGIONS: [string, boolean][] = [
    ['IR', false],
    ['ir', false],
    [' ir ', false],
    ['IRN', false],
    ['', false],
    ['I R', false],
    ['ZZ', false],
    ['ır', false], // a dotless i upper-cases to I: not ASCII, not a region
    ['XX', false],
    ['SG', true],
    [' sg ', true],
  ];

  it.each(REGIONS)('region %j: payment allowed %s, in plans, packages and both kinds of order', async (region, allowed) => {
    const uid = fresh();
    expect(paymentAllowed(region)).toBe(allowed);
    expect((await call('/api/vip/plans', { region }, uid)).body.data.paymentAvailable).toBe(allowed);
    expect((await call('/api/coins/packages', { region }, uid)).body.data.paymentAvailable).toBe(allowed);
    const vip = await call('/api/vip/order', { planId: 'vip-month', payType: '1', region, attempt: randomUUID() }, uid);
    const coins = await call('/api/coins/order', { packageId: 'coins-60', payType: '1', region, attempt: randomUUID() }, uid);
    for (const reply of [vip, coins]) {
      if (allowed) expect(reply.status).toBe(200);
      else expect(reply).toEqual({ status: 403, body: { code: 'payRegion', message: 'Payments are not available in your country/region.' } });
    }
    expect(rowsOf('vip_orders', uid) + rowsOf('coin_orders', uid)).toBe(allowed ? 2 : 0);
  });

  it('knows the 249 assigned ISO 3166-1 alpha-2 codes and the test region, nothing else', () => {
    expect(ISO_3166_ALPHA2.size).toBe(249);
    for (const code of ISO_3166_ALPHA2) expect(code).toMatch(/^[A-Z]{2}$/);
    expect(knownRegion('xx')).toBe('XX');
    // Withdrawn, reserved and user-assigned codes are no region.
    for (const code of ['UK', 'EU', 'SU', 'YU', 'AN', 'XK', 'AA', 'QZ']) expect(knownRegion(code)).toBeNull();
  });
});

describe('the database on disk', () => {
  const mode = (path: string) => statSync(path).mode & 0o777;

  it('is readable by the server only: directory 0700, app.db, -wal, -shm and the secret 0600', () => {
    const parent = mkdtempSync(join(tmpdir(), 'limits-mode-'));
    const dir = join(parent, 'data');
    try {
      const db = openDb(dir);
      db.exec("CREATE TABLE probe (x); INSERT INTO probe VALUES ('written')");
      expect(mode(dir)).toBe(0o700);
      for (const name of ['app.db', 'app.db-wal', 'app.db-shm', SECRET_FILE]) expect([name, mode(join(dir, name))]).toEqual([name, 0o600]);
      db.close();
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });

  it('tightens a directory, database and secret left world-readable by an older version', () => {
    const dir = mkdtempSync(join(tmpdir(), 'limits-loose-'));
    try {
      chmodSync(dir, 0o755);
      closeSync(openSync(join(dir, 'app.db'), 'w', 0o644));
      chmodSync(join(dir, 'app.db'), 0o644);
      writeFileSync(join(dir, SECRET_FILE), Buffer.alloc(32, 7), { mode: 0o644 });
      chmodSync(join(dir, SECRET_FILE), 0o644);
      const db = openDb(dir);
      expect(mode(dir)).toBe(0o700);
      expect(mode(join(dir, 'app.db'))).toBe(0o600);
      expect(mode(join(dir, SECRET_FILE))).toBe(0o600);
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps the secret across restarts, and refuses a secret file of the wrong size', () => {
    const dir = mkdtempSync(join(tmpdir(), 'limits-secret-'));
    try {
      const first = openDb(dir);
      const hash = keyedHash(first, 'x');
      first.close();
      const again = openDb(dir);
      expect(keyedHash(again, 'x')).toEqual(hash);
      again.close();
      writeFileSync(join(dir, SECRET_FILE), 'short');
      expect(() => openDb(dir)).toThrow(/not 32/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
