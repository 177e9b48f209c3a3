/**
 * The help centre and feedback. Contracts: src/shared/api/endpoints/help.ts and feedback.ts;
 * docs/api.md (section Help and feedback) describes the behaviour. The feedback form's rules are the
 * page's own (src/shared/help/feedback-rules.ts), applied again here.
 *
 * Support's side (replying, picking a feedback up) is the support team's tool, not this API; the
 * development routes in server/api/dev.ts stand in for it, and for the code's e-mail or SMS. The
 * verification code and its limits are server/api/codes.ts.
 */
import { randomBytes } from 'node:crypto';
import type { ResponseOf } from '../../src/shared/api/contract';
import { feedbackSummary, feedbackTypeOption, fullFeedback, message } from '../../src/shared/api/endpoints/feedback';
import { fold } from '../../src/shared/fold';
import { isScreenshot } from '../../src/shared/forms/pictures';
import { checkContact } from '../../src/shared/forms/contact';
import { checkText } from '../../src/shared/forms/rules';
import { checkFeedback } from '../../src/shared/help/feedback-rules';
import type { Locale } from '../../src/shared/locale';
import type { Db } from '../db';
import { transaction } from '../db/transaction';
import { CODE_LIMITS, codeInMailbox, sendCode, verifyCode } from './codes';
import { pageRows } from './cursor';
import { matcher, needles } from './search-text';
import { ApiFailure } from './failure';
import type { Handlers } from './pipeline';
import { rowAs, type Row } from './rows';
import { DAY, seconds } from '../time';

type Summary = ResponseOf<'feedbackList'>['items'][number];
type Message = ResponseOf<'feedbackDetail'>['messages'][number];

/** Customer service, as /help-feedback offers it (`launchDialing`, `jumpEmail`). */
export const SUPPORT = { hotline: { dial: '+6531581234', display: '+65 3158 1234' }, email: 'support@music.example.com' } as const;

/**
 * Where a phone number stays optional even for an important question: markets where support answers
 * by e-mail and chat first. In the Chinese-language markets support calls back, so it is required.
 */
export const PHONE_OPTIONAL_LOCALES: readonly Locale[] = ['en-US', 'id-ID', 'ms-MY', 'fil-PH', 'vi-VN', 'th-TH'];

/** Feedback a user may send in 24 hours before the next one needs a verification code (anti-spam). */
export const FEEDBACK_FREE_PER_DAY = 3;
/**
 * Feedback a user may send in 24 hours at all, codes or not (`feedbackLimit` 429): far more than
 * anyone reports in a day, few enough that one account cannot bury support.
 */
export const FEEDBACK_MAX_PER_DAY = 20;
const EXCERPT = 80;

const randomId = (prefix: string) => `${prefix}${randomBytes(12).toString('base64url')}`;
const refuse = (message: string) => new ApiFailure('badRequest', 422, message);

const questionRef = (row: Row) => ({ id: String(row.id), question: String(row.question) });

/**
 * A question's text in the locale, else in en-US (every question has one); its keywords are the
 * shared English ones and the locale's own.
 */
const FAQ_TEXT = `
  SELECT f.id, f.category, f.keywords, COALESCE(l.keywords, '') AS localKeywords, COALESCE(l.question, e.question) AS question, COALESCE(l.answer, e.answer) AS answer
  FROM faqs f JOIN faq_texts e ON e.faq = f.id AND e.locale = 'en-US' LEFT JOIN faq_texts l ON l.faq = f.id AND l.locale = ?`;

function categoryTitle(db: Db, category: string, locale: string): string {
  const row = db
    .prepare("SELECT title FROM faq_category_titles WHERE category = ? AND locale IN (?, 'en-US') ORDER BY locale = 'en-US' LIMIT 1")
    .get(category, locale);
  return String(row?.title ?? category);
}

/** A question with its answer and up to 4 others of its category, as everyone sees it; `noContent` 404 for an unknown id. */
function answerOf(db: Db, id: string, locale: string): ResponseOf<'helpAnswer'> {
  const row = db.prepare(`${FAQ_TEXT} WHERE f.id = ?`).get(locale, id);
  if (!row) throw new ApiFailure('noContent', 404);
  const category = String(row.category);
  const related = db.prepare(`${FAQ_TEXT} WHERE f.category = ? AND f.id != ? ORDER BY f.sort LIMIT 4`).all(locale, category, id).map(questionRef);
  return {
    question: { id: String(row.id), category, categoryTitle: categoryTitle(db, category, locale), question: String(row.question), answer: String(row.answer) },
    related,
  };
}

/** The help centre's first screen as everyone sees it: every category with its questions, and how to reach a person. */
function common(db: Db, locale: string): ResponseOf<'helpCommon'> {
  const questions = db.prepare(`${FAQ_TEXT} ORDER BY f.sort`).all(locale);
  const categories = db
    .prepare('SELECT id FROM faq_categories ORDER BY sort')
    .all()
    .map((c) => ({
      id: String(c.id),
      title: categoryTitle(db, String(c.id), locale),
      questions: questions.filter((q) => q.category === c.id).map(questionRef),
    }));
  return { categories, hotline: { ...SUPPORT.hotline }, email: SUPPORT.email };
}

function typeLabel(db: Db, type: string, locale: string): string {
  const row = db
    .prepare("SELECT label FROM feedback_type_labels WHERE type = ? AND locale IN (?, 'en-US') ORDER BY locale = 'en-US' LIMIT 1")
    .get(type, locale);
  return String(row?.label ?? type);
}

/**
 * A feedback's description or a message (`ref`, its id) in the locale when there is a text for it
 * (the demo threads, seed/feedback-demo.json), else as it was written.
 */
function textIn(db: Db, ref: string, locale: string, written: unknown): string {
  const row = db.prepare('SELECT text FROM feedback_texts WHERE ref = ? AND locale = ?').get(ref, locale);
  return String(row?.text ?? written);
}

const toSummary = (db: Db, row: Row, locale: string): Summary => {
  const description = textIn(db, String(row.id), locale, row.description);
  const summary = {
    id: String(row.id),
    type: row.type,
    typeLabel: typeLabel(db, String(row.type), locale),
    excerpt: description.length > EXCERPT ? `${[...description].slice(0, EXCERPT).join('')}…` : description,
    state: row.state,
    unread: Number(row.unread) === 1,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
  return rowAs(feedbackSummary, summary, 'feedback');
};

const toMessage = (row: Row): Message =>
  rowAs(message, { id: String(row.id), from: row.sender, text: String(row.text), at: Number(row.at) }, 'feedback_messages');

/** Feedback the user sent in the 24 hours before `now`. */
const sentToday = (db: Db, uid: string, now: number) =>
  Number(db.prepare('SELECT COUNT(*) AS n FROM feedback WHERE uid = ? AND created_at > ?').get(uid, now - DAY)!.n);

/** Has the user sent enough feedback today that the next one needs a code? */
const codeRequired = (db: Db, uid: string, now: number) => sentToday(db, uid, now) >= FEEDBACK_FREE_PER_DAY;

/**
 * Support answers a feedback (the development route stands for the support team's tool): the reply
 * joins the thread, the feedback becomes `replied` and unread for the user.
 * @returns the reply, or undefined when there is no such feedback
 */
export function replyToFeedback(db: Db, feedbackId: string, text: string, nowMs: number): Message | undefined {
  return transaction(db, () => {
    if (!db.prepare('SELECT 1 FROM feedback WHERE id = ?').get(feedbackId)) return undefined;
    const id = randomId('m-');
    const at = seconds(nowMs);
    db.prepare("INSERT INTO feedback_messages (id, feedback, sender, text, at) VALUES (?, ?, 'support', ?, ?)").run(id, feedbackId, text, at);
    db.prepare("UPDATE feedback SET state = 'replied', unread = 1, updated_at = ? WHERE id = ?").run(at, feedbackId);
    return toMessage(db.prepare('SELECT * FROM feedback_messages WHERE id = ?').get(id)!);
  });
}

/**
 * The code last sent to the user, while it still works: what the e-mail or SMS carried (development
 * route). Read from the in-memory dev-mailbox, since the database holds only the code's HMAC.
 */
export function currentCode(db: Db, uid: string, nowMs: number): string | undefined {
  return codeInMailbox(db, 'feedback', uid, seconds(nowMs));
}

type HelpHandlers = Pick<
  Handlers,
  | 'helpHome'
  | 'helpCommon'
  | 'helpAnswer'
  | 'helpQuestion'
  | 'helpSearch'
  | 'helpVote'
  | 'feedbackConfig'
  | 'feedbackCode'
  | 'feedbackSubmit'
  | 'feedbackList'
  | 'feedbackDetail'
  | 'feedbackFollowUp'
  | 'feedbackSong'
>;

/** The help area's handlers, spread into HANDLERS (server/api/handlers.ts). */
export const HELP_HANDLERS: HelpHandlers = {
  helpHome: ({ db, user, body }) => {
    const unread = Number(db.prepare('SELECT COUNT(*) AS n FROM feedback WHERE uid = ? AND unread = 1').get(user.uid)!.n);
    return { ...common(db, body.locale), unread };
  },

  helpCommon: ({ db, body }) => common(db, body.locale),

  helpQuestion: ({ db, user, body }) => {
    const vote = db.prepare('SELECT helpful FROM faq_votes WHERE uid = ? AND faq = ?').get(user.uid, body.id);
    return { ...answerOf(db, body.id, body.locale), vote: vote ? Number(vote.helpful) === 1 : null };
  },

  helpAnswer: ({ db, body }) => answerOf(db, body.id, body.locale),

  helpSearch: ({ db, body }) => {
    // Without case or accents, and a synonym finds the copy's word (./search-text.ts).
    const wanted = needles(body.query, body.locale).map((alternatives) => matcher(alternatives, body.locale));
    if (wanted.length === 0) return { results: [] };
    const scored = db
      .prepare(`${FAQ_TEXT} ORDER BY f.sort`)
      .all(body.locale)
      .map((row) => {
        const question = fold(String(row.question));
        const haystack = `${question} ${fold(String(row.answer))} ${fold(String(row.keywords))} ${fold(String(row.localKeywords))}`;
        if (!wanted.every((finds) => finds(haystack))) return null;
        // Words in the question itself rank first; then answers and keywords.
        return { row, score: wanted.filter((finds) => finds(question)).length };
      })
      .filter((hit) => hit !== null);
    scored.sort((a, b) => b.score - a.score);
    return { results: scored.slice(0, 20).map(({ row }) => ({ id: String(row.id), question: String(row.question), category: String(row.category) })) };
  },

  helpVote: ({ db, user, body, now }) => {
    if (!db.prepare('SELECT 1 FROM faqs WHERE id = ?').get(body.id)) throw new ApiFailure('noContent', 404);
    db.prepare(
      `INSERT INTO faq_votes (uid, faq, helpful, at)
       VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING`,
    ).run(user.uid, body.id, body.helpful ? 1 : 0, seconds(now));
    return { helpful: Number(db.prepare('SELECT helpful FROM faq_votes WHERE uid = ? AND faq = ?').get(user.uid, body.id)!.helpful) === 1 };
  },

  feedbackConfig: ({ db, user, body, now }) => ({
    types: db
      .prepare(
        "SELECT t.id, COALESCE(l.label, e.label) AS label FROM feedback_types t JOIN feedback_type_labels e ON e.type = t.id AND e.locale = 'en-US' LEFT JOIN feedback_type_labels l ON l.type = t.id AND l.locale = ? ORDER BY t.sort",
      )
      .all(body.locale)
      .map((row) => rowAs(feedbackTypeOption, { id: row.id, label: String(row.label) }, 'feedback_types')),
    phoneOptional: PHONE_OPTIONAL_LOCALES.includes(body.locale),
    codeRequired: codeRequired(db, user.uid, seconds(now)),
  }),

  feedbackCode: ({ db, user, body, now }) => {
    const uid = user.uid;
    const at = seconds(now);
    const typed = body.contact.trim();
    // The form's own rule: no code goes to what is not a phone number or an address (a trailing-dot
    // domain, `me@example.com.`, reached the same inbox as another spelling and was counted apart).
    const checked = checkContact(typed);
    if (!checked.ok) throw new ApiFailure(checked.error.slice('error.'.length), 422);
    // The code is tied to the phone or inbox the contact reaches (contact-key.ts): "8123 4567" in
    // region SG here and "+65 8123 4567" there are one contact, for the limits and for the code.
    // Refused with codeTooSoon or codeLimit (429) when the contact or the user has had codes enough.
    sendCode(db, 'feedback', uid, typed, at, body.region);
    return { resendAfter: CODE_LIMITS.resendSeconds };
  },

  feedbackSubmit: ({ db, user, body, now }) => {
    const uid = user.uid;
    const at = seconds(now);
    const outcome = transaction(db, () => {
      const same = db.prepare('SELECT * FROM feedback WHERE uid = ? AND attempt = ?').get(uid, body.attempt);
      if (same) return { feedback: toSummary(db, same, body.locale) };
      // Before the code: a user over the day's cap is refused without spending a code's try.
      if (sentToday(db, uid, at) >= FEEDBACK_MAX_PER_DAY) throw new ApiFailure('feedbackLimit', 429);
      const needsCode = codeRequired(db, uid, at);
      const checked = checkFeedback(body, { phoneOptional: PHONE_OPTIONAL_LOCALES.includes(body.locale), codeRequired: needsCode });
      if (!checked.ok) {
        if (checked.errors.code === 'error.codeRequired') throw new ApiFailure('codeRequired', 428);
        if (checked.errors.code) throw new ApiFailure('codeError', 422);
        throw refuse(`Rules not met: ${Object.keys(checked.errors).join(', ')}.`);
      }
      if (!body.screenshots.every(isScreenshot)) throw refuse('Screenshots must be jpg, png or bmp.');
      if (!body.attachments.every((a) => /^(image|audio|video)\//i.test(a.mime))) throw refuse('Attachments must be images, audio or video.');
      const { value } = checked;
      if (needsCode || value.code) {
        // The code proves the contact: it must be the one sent to this contact, and it works once. A
        // wrong try is counted, and that count must be kept: the refusal leaves the transaction as a
        // value (which commits) and is thrown below.
        const refusal = verifyCode(db, 'feedback', uid, value.contact, value.code, at, body.region);
        if (refusal) return { refusal };
      }
      const id = randomId('fb-');
      db.prepare(
        `INSERT INTO feedback (id, uid, attempt, type, description, contact, important, phone, attachments, screenshots, log, song, locale, state, unread, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'submitted', 0, ?, ?)`,
      ).run(
        id,
        uid,
        body.attempt,
        value.type,
        value.description,
        value.contact,
        body.important ? 1 : 0,
        value.phone,
        JSON.stringify(body.attachments),
        JSON.stringify(body.screenshots),
        body.log,
        body.song,
        body.locale,
        at,
        at,
      );
      return { feedback: toSummary(db, db.prepare('SELECT * FROM feedback WHERE id = ?').get(id)!, body.locale) };
    });
    if ('refusal' in outcome) throw outcome.refusal;
    return outcome;
  },

  feedbackList: ({ db, user, body }) => {
    const { rows, next } = pageRows(db, 'SELECT * FROM feedback WHERE uid = ?', [user.uid], body.cursor, body.limit);
    return { items: rows.map((row) => toSummary(db, row, body.locale)), next };
  },

  feedbackDetail: ({ db, user, body }) => {
    // Another user's feedback answers as an unknown one.
    const row = db.prepare('SELECT * FROM feedback WHERE id = ? AND uid = ?').get(body.id, user.uid);
    if (!row) throw new ApiFailure('noContent', 404);
    db.prepare('UPDATE feedback SET unread = 0 WHERE id = ?').run(body.id);
    const song = row.song === null ? undefined : db.prepare('SELECT id, name, artist FROM songs WHERE id = ?').get(String(row.song));
    const feedback = {
      id: String(row.id),
      type: row.type,
      typeLabel: typeLabel(db, String(row.type), body.locale),
      description: textIn(db, String(row.id), body.locale, row.description),
      contact: String(row.contact),
      state: row.state,
      attachments: JSON.parse(String(row.attachments)),
      screenshots: JSON.parse(String(row.screenshots)),
      log: row.log !== null,
      song: song ? { id: String(song.id), name: String(song.name), artist: String(song.artist) } : null,
      createdAt: Number(row.created_at),
    };
    return {
      feedback: rowAs(fullFeedback, feedback, 'feedback'),
      messages: db
        .prepare('SELECT * FROM feedback_messages WHERE feedback = ? ORDER BY at, id')
        .all(body.id)
        .map((m) => toMessage({ ...m, text: textIn(db, String(m.id), body.locale, m.text) })),
    };
  },

  feedbackSong: ({ db, body }) => {
    const row = db.prepare('SELECT id, name, artist FROM songs WHERE id = ?').get(body.id);
    return { song: row ? { id: String(row.id), name: String(row.name), artist: String(row.artist) } : null };
  },

  feedbackFollowUp: ({ db, user, body, now }) => {
    const uid = user.uid;
    return transaction(db, () => {
      if (!db.prepare('SELECT 1 FROM feedback WHERE id = ? AND uid = ?').get(body.id, uid)) throw new ApiFailure('noContent', 404);
      const same = db.prepare('SELECT * FROM feedback_messages WHERE feedback = ? AND attempt = ?').get(body.id, body.attempt);
      if (same) return { message: toMessage(same) };
      const text = checkText(body.text, { required: true });
      if (!text.ok) throw refuse('A follow-up must not be empty and must be under 400 characters.');
      const id = randomId('m-');
      const at = seconds(now);
      db.prepare("INSERT INTO feedback_messages (id, feedback, sender, text, at, attempt) VALUES (?, ?, 'user', ?, ?, ?)").run(
        id,
        body.id,
        text.text,
        at,
        body.attempt,
      );
      db.prepare("UPDATE feedback SET state = 'inProgress', updated_at = ? WHERE id = ?").run(at, body.id);
      return { message: toMessage(db.prepare('SELECT * FROM feedback_messages WHERE id = ?').get(id)!) };
    });
  },
};
