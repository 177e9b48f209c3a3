/**
 * Why: the form rules of spec §5 decide what a user may send and which message they see, on the page
 * and again on the server. A rule that is off by one code unit, trims differently, or lets a control
 * character through behaves fine on the examples in the unit tests and wrong on real input (emoji, ZWJ
 * sequences, combining marks, zero-width and bidi characters, lone surrogates, 10,000 characters).
 * Each property checks a rule's verdict and message against an oracle written here from the spec's
 * words, and the last ones check that what the page accepts the server accepts unchanged.
 *
 * Decisions the oracles document:
 * - "Characters" are Unicode code points of the trimmed text (String#trim): an emoji is one, an emoji
 *   with a skin tone two, a family ZWJ sequence seven, a combining mark one more, a lone surrogate one;
 *   U+FEFF is trimmed (it is whitespace to JS), U+200B is not (it counts, and text of only U+200B is
 *   not empty). "Under 400" means at most 399.
 * - A well-formed e-mail: one @, a local part of 1–64 UTF-16 units and a domain of two or more
 *   non-empty dot-separated labels, no whitespace, no control character (C0, DEL, C1), no lone
 *   surrogate (not UTF-8 text: it cannot be mailed, nor stored and read back the same), at most 254
 *   units in all. Non-ASCII letters, bidi and zero-width characters are allowed (internationalised
 *   addresses; the address is the user's own).
 * - A phone number: an optional leading +, then ASCII digits, whitespace, brackets and dashes only,
 *   with 7–15 digits; full-width or other-script digits make it neither phone nor e-mail.
 * - The encryption password and the verification code are exactly six ASCII digits: full-width
 *   digits (１２３４５６) and other scripts' digits (٠١٢٣٤٥) are refused, as the numeric keypad cannot
 *   type them again when the PDF asks; the password is not trimmed, the code is.
 * - "200M" is 200 × 1024² bytes (the larger reading, so no file the spec allows is refused).
 */
import fc from 'fast-check';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HELP_HANDLERS, PHONE_OPTIONAL_LOCALES, currentCode } from '../../../server/api/help';
import type { User } from '../../../server/api/pipeline';
import { openDb, type Db } from '../../../server/db';
import {
  COMBINING,
  EMOJI,
  LONE_SURROGATES,
  ZERO_WIDTH,
  hostilePiece,
  hostileString,
  longHostileString,
  repeatedParams,
  PROPERTY_TIMEOUT_MS,
  RUNS,
} from '../../../tests/unit/hostile';
import { appealSubmit } from '../api/endpoints/appeal';
import { feedbackSubmit } from '../api/endpoints/feedback';
import { exportRequest } from '../api/endpoints/personal';
import { reportSubmit } from '../api/endpoints/report-submit';
import { checkFeedback, type FeedbackInput } from '../help/feedback-rules';
import { LOCALES } from '../locale';
import { checkEmail, checkPassword } from '../personal/rules';
import { APPEAL_REASONS, REPORT_REASONS, needsDescription, reportTarget } from '../report/reasons';
import { checkContact, checkPhone, isEmail } from './contact';
import { addPictures, isScreenshot, type Picture } from './pictures';
import { checkText, textLength } from './rules';
import { picked, uploadMessage } from '../../lib/forms/upload';

vi.setConfig({ testTimeout: PROPERTY_TIMEOUT_MS });

// ---- Oracles, from spec §5 ------------------------------------------------------------------------

/** Code points: UTF-16 units less one per well-formed surrogate pair. */
const codePoints = (s: string) => s.length - (s.match(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g) ?? []).length;
const isWhitespace = (c: string) => c.trim() === '';
const isControl = (c: string) => {
  const code = c.codePointAt(0)!;
  return code <= 0x1f || (code >= 0x7f && code <= 0x9f);
};
/** Half of a surrogate pair on its own (a code point of [...s] that is a single surrogate unit). */
const isLoneSurrogate = (c: string) => c.length === 1 && c.charCodeAt(0) >= 0xd800 && c.charCodeAt(0) <= 0xdfff;
const isAsciiDigit = (c: string) => c >= '0' && c <= '9' && c.length === 1;
const sixDigits = (s: string) => s.length === 6 && [...s].every(isAsciiDigit);

/** spec §5: description under 400 characters; where required, not empty. */
function textOracle(raw: string, required: boolean): { ok: true; text: string } | { ok: false; error: string } {
  const text = raw.trim();
  if (required && text === '') return { ok: false, error: 'form.required' };
  if (codePoints(text) >= 400) return { ok: false, error: 'error.tooLong' };
  return { ok: true, text };
}

/** spec §5: a well-formed e-mail address (see the decisions above). */
function wellFormedEmail(s: string): boolean {
  if (s.length > 254) return false;
  const parts = s.split('@');
  if (parts.length !== 2) return false;
  const [local = '', domain = ''] = parts;
  const clean = (part: string) => ![...part].some((c) => isWhitespace(c) || isControl(c) || isLoneSurrogate(c));
  const labels = domain.split('.');
  return local.length >= 1 && local.length <= 64 && clean(local) && labels.length >= 2 && labels.every((l) => l.length > 0 && clean(l));
}

type ContactVerdict = { ok: true; kind: 'phone' | 'email'; value: string } | { ok: false; error: string };
/** spec §5: contact not empty, a valid phone or e-mail, with the e-mail or phone format message. */
function contactOracle(raw: string): ContactVerdict {
  const value = raw.trim();
  if (value === '') return { ok: false, error: 'error.contactEmpty' };
  if (value.includes('@')) return wellFormedEmail(value) ? { ok: true, kind: 'email', value } : { ok: false, error: 'error.emailFormat' };
  const body = value.startsWith('+') ? value.slice(1) : value;
  const phoneish = body.length > 0 && [...body].every((c) => isAsciiDigit(c) || isWhitespace(c) || c === '(' || c === ')' || c === '-');
  if (!phoneish) return { ok: false, error: 'error.contactInvalid' };
  const digits = [...body].filter(isAsciiDigit).join('');
  if (digits.length < 7 || digits.length > 15) return { ok: false, error: 'error.phoneFormat' };
  return { ok: true, kind: 'phone', value: (value.startsWith('+') ? '+' : '') + digits };
}
function phoneOracle(raw: string): ContactVerdict {
  const verdict = contactOracle(raw);
  if (verdict.ok ? verdict.kind === 'phone' : verdict.error === 'error.contactEmpty') return verdict;
  return { ok: false, error: 'error.phoneFormat' };
}

/** spec §5: screenshots jpg, png or bmp only. */
const SCREENSHOT_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/bmp', 'image/x-ms-bmp'];
const SCREENSHOT_NAMES = ['.jpg', '.jpeg', '.png', '.bmp'];
const screenshotOracle = (p: Pick<Picture, 'mime' | 'name'>) =>
  SCREENSHOT_TYPES.includes(p.mime.toLowerCase()) || SCREENSHOT_NAMES.some((ext) => p.name.toLowerCase().endsWith(ext));

/** spec §3 feedback types: music content, user experience, interface, other. */
const TYPES = ['music', 'experience', 'interface', 'other'];

// ---- Generators ------------------------------------------------------------------------------------

/** Exactly `n` code points of one multi-unit character (emoji, ZWJ family, combining mark, lone surrogate…), padded. */
const MULTI = ['😀', '👍🏽', '👨‍👩‍👧‍👦', '🇹🇭', 'e\u0301', 'ก\u0e31\u0e49', '歌', 'a', '\u200b', '\u200d', '\uD800', '\uDFFF', '\u202E'];
const boundaryText = fc
  .tuple(fc.constantFrom(...MULTI), fc.constantFrom(398, 399, 400, 401), fc.constantFrom('', ' ', '\n\t ', '\u3000', '\uFEFF', '\u00A0'))
  .map(([unit, n, pad]) => {
    const points = [...unit];
    return pad + Array.from({ length: n }, (_, i) => points[i % points.length]).join('') + pad;
  });
const text = fc.oneof(
  { weight: 3, arbitrary: hostileString },
  { weight: 2, arbitrary: longHostileString(10_000) },
  { weight: 3, arbitrary: boundaryText },
  { weight: 1, arbitrary: fc.constantFrom('', ' ', '\u200b', '\uFEFF', '\u3000\n', ...ZERO_WIDTH, ...LONE_SURROGATES) },
);

const junk = fc.oneof(
  hostilePiece,
  fc.constantFrom(...EMOJI, ...COMBINING, ...ZERO_WIDTH, ...LONE_SURROGATES, '\u0000', '\u0085', '\u007f', '\u001b', ' ', '@', '.', '\u3000'),
);
const asciiWord = fc.stringMatching(/^[a-z0-9_+-]{1,12}$/);
const emailPart = fc.oneof({ weight: 4, arbitrary: asciiWord }, { weight: 1, arbitrary: fc.tuple(asciiWord, junk, asciiWord).map((p) => p.join('')) });
const email = fc.oneof(
  { weight: 3, arbitrary: fc.emailAddress() },
  { weight: 3, arbitrary: fc.tuple(emailPart, fc.array(emailPart, { minLength: 1, maxLength: 3 })).map(([local, labels]) => `${local}@${labels.join('.')}`) },
  { weight: 1, arbitrary: fc.tuple(fc.nat(70), fc.nat(200)).map(([l, d]) => `${'a'.repeat(l)}@${'b'.repeat(d)}.co`) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'a@b',
      '@b.co',
      'a@@b.co',
      'a@b..co',
      'a@.b.co',
      'a@b.co.',
      'a b@c.co',
      'a@b.co\n',
      'a\u0000b@c.co',
      'a@b\u0085.co',
      'ä@例え.jp',
      '<script>@x.co',
      'javascript:alert(1)@x.co',
      'a@b\u202E.co',
      'a\u200b@b.co',
      '\uD800@b.co',
    ),
  },
);
const phoneChar = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('0', '1', '2', '3', '4', '5', '6', '7', '8', '9') },
  { weight: 2, arbitrary: fc.constantFrom(' ', '-', '(', ')') },
  { weight: 1, arbitrary: fc.constantFrom('\u00A0', '\u3000', '\uFEFF', '\u2028', '\t', '１', '٣', '+', '.', '/', '\u200b', 'x') },
);
const phone = fc.tuple(fc.constantFrom('', '+', ' +', '++'), fc.array(phoneChar, { maxLength: 24 })).map(([lead, chars]) => lead + chars.join(''));
const contact = fc.oneof(
  { weight: 2, arbitrary: email },
  { weight: 2, arbitrary: phone },
  { weight: 1, arbitrary: hostileString },
  { weight: 1, arbitrary: longHostileString(400) },
);

const digitsCode = fc.stringMatching(/^[0-9]{6}$/);
const code = fc.oneof(
  digitsCode,
  digitsCode.map((c) => ` ${c}\n`),
  fc.constantFrom('', ' ', '12345', '1234567', '１２３４５６', '٠١٢٣٤٥', '12345a', '123 456', '123456\n7', '+12345', '1e5000', '000000'),
  hostileString,
);

const pictureArb = fc.record({
  id: fc.oneof(fc.constantFrom('p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7'), fc.stringMatching(/^[a-z0-9]{1,8}$/)),
  name: fc.oneof(
    fc.constantFrom('a.jpg', 'b.JPEG', 'c.png', 'd.BmP', 'e.gif', 'f.png.exe', 'g.webp', '.png', 'png', 'h.jpg\n', 'i.jp\u0261', 'ı.PNG'),
    hostileString,
  ),
  size: fc.nat(),
  mime: fc.oneof(
    fc.constantFrom(
      'image/jpeg',
      'IMAGE/PNG',
      'image/bmp',
      'image/x-ms-bmp',
      'image/jpg',
      'image/gif',
      'image/svg+xml',
      'text/html',
      '',
      'image/png ',
      'ımage/png',
    ),
    hostileString,
  ),
});

// ---- Properties --------------------------------------------------------------------------------------

describe('spec §5 rules hold exactly on hostile text', () => {
  it('description: accepted ⇔ under 400 code points after trimming; a required one must not be empty', () => {
    fc.assert(
      fc.property(text, fc.boolean(), (raw, required) => {
        expect(checkText(raw, { required })).toEqual(textOracle(raw, required));
        // The counter under the field counts what the rule counts.
        expect(textLength(raw)).toBe(codePoints(raw.trim()));
      }),
      RUNS,
    );
  });

  it('contact: empty, a phone number or an e-mail address, with the message for what was typed', () => {
    fc.assert(
      fc.property(contact, (raw) => {
        expect(checkContact(raw)).toEqual(contactOracle(raw));
      }),
      RUNS,
    );
  });

  it('phone field: a phone number, or the phone format error (never the e-mail one)', () => {
    fc.assert(
      fc.property(contact, (raw) => {
        expect(checkPhone(raw)).toEqual(phoneOracle(raw));
      }),
      RUNS,
    );
  });

  it('e-mail (personal data): not empty and well formed', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          email,
          email.map((e) => ` ${e}\t`),
          hostileString,
        ),
        (raw) => {
          const trimmed = raw.trim();
          expect(isEmail(trimmed)).toBe(wellFormedEmail(trimmed));
          const expected =
            trimmed === ''
              ? { ok: false, error: 'personal.emailEmpty' }
              : wellFormedEmail(trimmed)
                ? { ok: true, email: trimmed }
                : { ok: false, error: 'error.emailFormat' };
          expect(checkEmail(raw)).toEqual(expected);
        },
      ),
      RUNS,
    );
  });

  it('encryption password: exactly six ASCII digits, typed twice the same', () => {
    fc.assert(
      fc.property(code, fc.oneof(fc.constant(null), code), (password, other) => {
        const again = other ?? password;
        const expected = !sixDigits(password) ? 'personal.passwordFormat' : password === again ? null : 'personal.passwordMismatch';
        expect(checkPassword(password, again)).toBe(expected);
      }),
      RUNS,
    );
  });

  it('screenshots: jpg, png or bmp only, at most five, none twice; the server check agrees with the page', () => {
    fc.assert(
      fc.property(fc.array(pictureArb, { maxLength: 6 }), fc.array(pictureArb, { maxLength: 9 }), (before, pickedNow) => {
        // What a form already holds went through the rule before.
        const current = addPictures([], before).pictures;
        const { pictures, refused } = addPictures(current, pickedNow);

        const ids = new Set(current.map((p) => p.id));
        const added: Picture[] = [];
        let tooMany = false;
        let wrongType = false;
        for (const p of pickedNow) {
          if (ids.has(p.id)) continue;
          if (!screenshotOracle(p)) wrongType = true;
          else if (current.length + added.length >= 5) tooMany = true;
          else {
            added.push(p);
            ids.add(p.id);
          }
        }
        expect(pictures).toEqual([...current, ...added]);
        expect(pictures.length).toBeLessThanOrEqual(5);
        expect(new Set(pictures.map((p) => p.id)).size).toBe(pictures.length);
        expect(refused).toBe(tooMany ? 'form.screenshotMax' : wrongType ? 'form.screenshotType' : null);
        // The server refuses a screenshot that is not jpg, png or bmp: it must accept every one the page let in.
        for (const p of [...before, ...pickedNow]) expect(isScreenshot(p)).toBe(screenshotOracle(p));
        expect(pictures.every(isScreenshot)).toBe(true);
      }),
      RUNS,
    );
  });

  it('uploads: image, audio or video of at most 200M; larger gives the 200M message', () => {
    const MB200 = 200 * 1024 * 1024;
    const size = fc.oneof(
      fc.constantFrom(0, MB200 - 1, MB200, MB200 + 1, MB200 + 0.5, 200_000_000, 201 * 1024 * 1024, Infinity, -1, 1e309, Number.MAX_SAFE_INTEGER),
      fc.integer({ min: 0, max: 2 * MB200 }),
      fc.double({ noNaN: true }),
    );
    const mime = fc.oneof(
      fc.constantFrom(
        'image/png',
        'audio/mpeg',
        'video/mp4',
        'VIDEO/MP4',
        'Audio/AAC',
        'image/',
        'application/pdf',
        'text/html',
        '',
        'imagex/png',
        ' image/png',
        'ımage/png',
        'vıdeo/mp4',
        'image\\png',
      ),
      fc.tuple(fc.constantFrom('image/', 'audio/', 'video/'), hostileString).map(([k, rest]) => k + rest),
      hostileString,
    );
    fc.assert(
      fc.property(fc.oneof(hostileString, fc.integer()), hostileString, size, mime, (id, name, bytes, type) => {
        const kind = ['image/', 'audio/', 'video/'].some((k) => type.slice(0, k.length).toLowerCase() === k);
        const expected = !kind ? 'wrongType' : bytes > MB200 ? 'tooLarge' : 'uploading';
        const upload = picked({ id, name, size: bytes, mime: type });
        expect(upload.state).toBe(expected);
        expect(upload.id).toBe(String(id));
        expect(uploadMessage(upload.state)).toBe(expected === 'tooLarge' ? 'error.fileTooLarge' : expected === 'wrongType' ? 'form.fileType' : null);
      }),
      RUNS,
    );
  });

  it('feedback form: type, description, contact, phone for important questions, code — every message', () => {
    const input = fc.record({
      type: fc.oneof(fc.constantFrom(...TYPES), fc.constantFrom(null, '', 'MUSIC', ' music', '__proto__', 'constructor', 'toString'), hostileString),
      description: text,
      contact,
      important: fc.boolean(),
      phone: fc.oneof(phone, fc.constant(''), hostileString),
      code,
    });
    const options = fc.record({ phoneOptional: fc.boolean(), codeRequired: fc.boolean() });
    fc.assert(
      fc.property(input, options, (form: FeedbackInput, opts) => {
        const errors: Record<string, string> = {};
        if (!TYPES.includes(form.type as string)) errors.type = 'form.typeRequired';
        const description = textOracle(form.description, true);
        if (!description.ok) errors.description = description.error === 'form.required' ? 'form.descriptionRequired' : description.error;
        const contactVerdict = contactOracle(form.contact);
        if (!contactVerdict.ok) errors.contact = contactVerdict.error;
        let phoneValue = '';
        // spec §5: a phone number is required for important questions, optional in some locales.
        if (form.phone.trim() !== '' || (form.important && !opts.phoneOptional)) {
          const p = phoneOracle(form.phone);
          if (p.ok) phoneValue = p.value;
          else errors.phone = p.error === 'error.contactEmpty' ? 'form.phoneRequired' : p.error;
        }
        const typedCode = form.code.trim();
        if (opts.codeRequired && typedCode === '') errors.code = 'error.codeRequired';
        else if (typedCode !== '' && !sixDigits(typedCode)) errors.code = 'error.codeError';

        const checked = checkFeedback(form, opts);
        if (Object.keys(errors).length) expect(checked).toEqual({ ok: false, errors });
        else {
          expect(checked).toEqual({
            ok: true,
            value: {
              type: form.type,
              description: (description as { text: string }).text,
              contact: (contactVerdict as { value: string }).value,
              phone: phoneValue,
              code: typedCode,
            },
          });
        }
      }),
      RUNS,
    );
  });
});

describe('report targets (src/lib/report): only allow-listed kinds and plain ids, from a hostile query and host', () => {
  const CONTENT = ['song', 'lyrics', 'playlist', 'user'];
  const ID_CHARS = new Set('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.:-');
  const plainId = (x: unknown): x is string => typeof x === 'string' && x.length >= 1 && x.length <= 64 && [...x].every((c) => ID_CHARS.has(c));
  const idOf = (x: unknown) => (typeof x === 'number' && Number.isSafeInteger(x) ? String(x) : x);
  const hostId = fc.oneof(fc.stringMatching(/^[A-Za-z0-9_.:-]{1,70}$/), hostileString, fc.integer(), fc.constantFrom(1.5, -0, 2 ** 60, Infinity, NaN));

  it('reportTarget gives null or a known type with an id of 1–64 letters, digits, _ . : -', () => {
    const query = repeatedParams(['type', 'id'], {
      type: fc.oneof(fc.constantFrom(...CONTENT, 'comment', 'album', 'SONG', 'song ', '__proto__'), hostileString),
      id: hostId.map(String),
    });
    const host = fc.record({ commentId: hostId, content: hostileString, author: hostileString, songId: hostId }, { requiredKeys: [] });
    fc.assert(
      fc.property(fc.constantFrom('comment' as const, 'content' as const), query, host, (page, params, comment) => {
        const target = reportTarget(page, `?${params}`, comment);
        let expected: unknown = null;
        if (page === 'comment') {
          const id = idOf(comment.commentId);
          if (plainId(id))
            expected = { type: 'comment', id, ...(comment.content ? { title: comment.content } : {}), ...(comment.author ? { detail: comment.author } : {}) };
        } else {
          const type = params.get('type');
          const id = params.has('id') ? params.get('id') : type === 'song' || type === 'lyrics' ? idOf(comment.songId) : undefined;
          if (type !== null && CONTENT.includes(type) && plainId(id)) expected = { type, id };
        }
        expect(target).toEqual(expected);
        // Reasons: only "other" needs a description (it says nothing by itself).
        for (const reason of [...REPORT_REASONS, ...APPEAL_REASONS]) expect(needsDescription(reason)).toBe(reason === 'other');
      }),
      RUNS,
    );
  });
});

// ---- The server agrees with the page ---------------------------------------------------------------

const attempt = fc.stringMatching(/^[a-z0-9]{16,32}$/);

describe('what the page accepts, the server accepts unchanged (server/api uses the same rules)', () => {
  it('feedback, appeal, report and personal-data request: the page’s payload passes the request schema and the server’s rules', () => {
    fc.assert(
      fc.property(
        fc.record({ type: fc.constantFrom(...TYPES), description: text, contact, important: fc.boolean(), phone: fc.oneof(phone, fc.constant('')), code }),
        fc.record({ phoneOptional: fc.boolean(), codeRequired: fc.boolean() }),
        fc.constantFrom(...REPORT_REASONS),
        fc.oneof(email, hostileString),
        fc.oneof(digitsCode, code),
        attempt,
        (form, opts, reason, mail, password, tries) => {
          // /feedback and /feedback2 (FeedbackForm validate()): the checked values, as sent.
          const page = checkFeedback(form, opts);
          if (page.ok) {
            const body = { ...page.value, important: form.important, attachments: [], screenshots: [], log: null, song: null, locale: 'en-US', attempt: tries };
            const parsed = v.safeParse(feedbackSubmit.request, body);
            expect(parsed.success).toBe(true);
            expect(checkFeedback(body, opts)).toEqual(page);
          }
          // /k-appeal (AppealForm): checkText required, checkContact; the server runs both again.
          const described = checkText(form.description, { required: true });
          const reached = checkContact(form.contact);
          if (described.ok && reached.ok) {
            const body = { subjectId: 's01', reason: 'other', description: described.text, contact: reached.value, screenshots: [], attempt: tries };
            expect(v.safeParse(appealSubmit.request, body).success).toBe(true);
            expect(checkText(body.description, { required: true })).toEqual(described);
            expect(checkContact(body.contact)).toEqual(reached);
          }
          // /k-report, /k-feedback (ReportForm): a description required for "other" only.
          const reported = checkText(form.description, { required: needsDescription(reason) });
          if (reported.ok) {
            const body = { type: 'comment', id: 'c01', reason, description: reported.text, attempt: tries };
            expect(v.safeParse(reportSubmit.request, body).success).toBe(true);
            expect(checkText(body.description, { required: needsDescription(reason) })).toEqual(reported);
          }
          // Personal-data request (RequestForm): the trimmed e-mail and the password as typed.
          const address = checkEmail(mail);
          if (address.ok && checkPassword(password, password) === null) {
            const body = { email: address.email, code: '123456', password, timeZone: 'Asia/Singapore', attempt: tries };
            expect(v.safeParse(exportRequest.request, body).success).toBe(true);
            expect(checkEmail(body.email)).toEqual(address);
          }
        },
      ),
      RUNS,
    );
  });

  describe('the feedback code, through the reference server’s handlers', () => {
    let db: Db;
    let n = 0;
    beforeAll(() => {
      db = openDb(':memory:');
    });
    afterAll(() => db.close());

    it('a code sent to the contact as typed verifies the feedback the page then sends', () => {
      const typedContact = fc.oneof(
        email,
        phone,
        email.map((e) => ` ${e} `),
      );
      fc.assert(
        fc.property(typedContact, fc.constantFrom(...LOCALES), fc.boolean(), (typed, locale, important) => {
          const user: User = { uid: `prop-${n++}`, app_sessionid: 's' };
          // Two days apart per run: the send limits (one code a minute and five a day per contact,
          // server/api/codes.ts) are not what this property is about, and generated contacts repeat.
          const now = Date.UTC(2026, 0, 5, 10) + n * 2 * 86_400_000;
          const form = { type: 'music', description: 'Lyrics are late.', contact: typed, important, phone: important ? '+65 8123 4567' : '', code: '' };
          // The page: "send code" sends the contact as typed, trimmed (FeedbackForm sendCode).
          if (!typed.trim()) return;
          // A contact the form refuses gets no code from the server either, in the same words: the
          // server checks what the page checks.
          const rule = checkContact(typed);
          if (!rule.ok) {
            expect(() => HELP_HANDLERS.feedbackCode({ db, user, body: { contact: typed.trim() }, now, client: '127.0.0.1' })).toThrow(
              expect.objectContaining({ code: rule.error.slice('error.'.length) }),
            );
            return;
          }
          HELP_HANDLERS.feedbackCode({ db, user, body: { contact: typed.trim() }, now, client: '127.0.0.1' });
          const sent = currentCode(db, user.uid, now);
          expect(sent).toMatch(/^\d{6}$/);
          const opts = { phoneOptional: PHONE_OPTIONAL_LOCALES.includes(locale), codeRequired: true };
          const page = checkFeedback({ ...form, code: sent! }, opts);
          if (!page.ok) return;
          const body = v.parse(feedbackSubmit.request, {
            ...page.value,
            important,
            attachments: [],
            screenshots: [],
            log: null,
            song: null,
            locale,
            attempt: `attempt-${user.uid}-0000`,
          });
          // The server: the same rules, and the code must be the one sent to this contact.
          expect(() => HELP_HANDLERS.feedbackSubmit({ db, user, body, now, client: '127.0.0.1' })).not.toThrow();
          const stored = db.prepare('SELECT type, contact FROM feedback WHERE uid = ?').all(user.uid);
          expect(stored.map((row) => ({ ...row }))).toEqual([{ type: 'music', contact: page.value.contact }]);
        }),
        RUNS,
      );
    });
  });
});
