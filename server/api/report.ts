/**
 * Comment reports and appeals. The contract is src/shared/api/endpoints/report.ts; docs/api.md
 * (section Reports and appeals) describes the behaviour. The form rules are the pages' own
 * (src/shared/forms/rules.ts, src/shared/report/reasons.ts), applied again here: a client is untrusted.
 *
 * Moderation itself (removing comments, restricting accounts, deciding appeals) is the operations
 * team's tool, not this API; the development routes in server/api/dev.ts stand in for it.
 */
import { randomBytes } from 'node:crypto';
import type { ResponseOf } from '../../src/shared/api/contract';
import { appeal } from '../../src/shared/api/endpoints/appeal';
import { report } from '../../src/shared/api/endpoints/report-submit';
import { checkContact } from '../../src/shared/forms/contact';
import { isScreenshot } from '../../src/shared/forms/pictures';
import { checkText } from '../../src/shared/forms/rules';
import { REASONS_BY_TYPE, needsDescription, type TargetType } from '../../src/shared/report/reasons';
import type { Db } from '../db';
import { transaction } from '../db/transaction';
import { ApiFailure } from './failure';
import type { Handlers } from './pipeline';
import { rowAs, type Row } from './rows';
import { DAY, seconds } from '../time';

type Target = ResponseOf<'reportTarget'>['target'];
type Report = ResponseOf<'reportSubmit'>['report'];
type Appeal = ResponseOf<'appealSubmit'>['appeal'];
type Subject = ResponseOf<'appealStatus'>['subjects'][number];

const randomId = (prefix: string) => `${prefix}${randomBytes(12).toString('base64url')}`;

const gone = () => new ApiFailure('contentGone', 410);
const refuse = (message: string) => new ApiFailure('badRequest', 422, message);

/** The content as the backend knows it, or undefined when it was removed or never existed. */
function findTarget(db: Db, type: TargetType, id: string, locale: string | null): Target | undefined {
  if (type === 'comment') {
    const row = db.prepare("SELECT content, author FROM comments WHERE id = ? AND state = 'visible'").get(id);
    return row && { type, id, title: String(row.content), detail: String(row.author) };
  }
  if (type === 'song' || type === 'lyrics') {
    const row = db.prepare('SELECT name, artist, lyrics FROM songs WHERE id = ?').get(id);
    // Lyrics that do not exist cannot be wrong.
    if (!row || (type === 'lyrics' && !row.lyrics)) return undefined;
    return { type, id, title: String(row.name), detail: String(row.artist) };
  }
  if (type === 'playlist') {
    const row = db
      .prepare('SELECT COALESCE(n.name, p.name) AS name FROM playlists p LEFT JOIN playlist_names n ON n.playlist = p.id AND n.locale = ? WHERE p.id = ?')
      .get(locale, id);
    return row && { type, id, title: String(row.name), detail: null };
  }
  // Accounts live in the provider's system; this server stands in for its directory with the users it
  // has seen: a comment's author, or someone the account service signed in (sessions are swept a day
  // after they expire). A user it never saw is gone, like a song that never existed.
  const known = db.prepare('SELECT 1 FROM comments WHERE uid = ? UNION ALL SELECT 1 FROM sessions WHERE uid = ? LIMIT 1').get(id, id);
  return known && { type, id, title: null, detail: null };
}

const toReport = (row: Row): Report => rowAs(report, { id: String(row.id), state: row.state, createdAt: Number(row.created_at) }, 'reports');

const toAppeal = (row: Row): Appeal =>
  rowAs(
    appeal,
    {
      id: String(row.id),
      reason: row.reason,
      state: row.state,
      createdAt: Number(row.created_at),
      decidedAt: row.decided_at === null ? null : Number(row.decided_at),
    },
    'appeals',
  );

/** The user's removed comments (restored ones too, once appealed) and restrictions, newest first, each with its appeal. */
function subjectsOf(db: Db, uid: string): Subject[] {
  const appealOf = db.prepare('SELECT * FROM appeals WHERE subject_id = ?');
  const withAppeal = (subject: Omit<Subject, 'appeal'>): Subject => {
    const row = appealOf.get(subject.id);
    return { ...subject, appeal: row ? toAppeal(row) : null };
  };
  const comments = db
    .prepare('SELECT id, content, removed_at FROM comments WHERE uid = ? AND removed_at IS NOT NULL')
    .all(uid)
    .map((row) => withAppeal({ id: String(row.id), kind: 'comment', text: String(row.content), at: Number(row.removed_at), until: null }));
  const restrictions = db
    .prepare('SELECT id, began_at, until FROM restrictions WHERE uid = ?')
    .all(uid)
    .map((row) =>
      withAppeal({ id: String(row.id), kind: 'restriction', text: null, at: Number(row.began_at), until: row.until === null ? null : Number(row.until) }),
    );
  return [...comments, ...restrictions].sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : -1));
}

/**
 * Decides the appeal of a subject (the development route stands for the moderators' tool). Upholding
 * restores the comment or ends the restriction at once; a decision is final, so only an open appeal
 * changes.
 * @returns the appeal after the decision, or undefined when the subject has no appeal
 */
export function decideAppeal(db: Db, subjectId: string, state: 'reviewing' | 'upheld' | 'rejected', nowMs: number): Appeal | undefined {
  return transaction(db, () => {
    const select = db.prepare('SELECT * FROM appeals WHERE subject_id = ?');
    const row = select.get(subjectId);
    if (!row) return undefined;
    if (row.state === 'upheld' || row.state === 'rejected') return toAppeal(row);
    const now = seconds(nowMs);
    const decided = state === 'reviewing' ? null : now;
    db.prepare('UPDATE appeals SET state = ?, decided_at = ? WHERE subject_id = ?').run(state, decided, subjectId);
    if (state === 'upheld') {
      db.prepare("UPDATE comments SET state = 'visible' WHERE id = ?").run(subjectId);
      db.prepare('UPDATE restrictions SET until = ? WHERE id = ? AND (until IS NULL OR until > ?)').run(now, subjectId, now);
    }
    return toAppeal(select.get(subjectId)!);
  });
}

/**
 * Adds something for a user to appeal: a removed comment of theirs, or a restriction of `days` (null:
 * without end). The development route behind it gives tests a fresh subject each.
 * @returns the subject's id
 */
export function moderate(db: Db, uid: string, kind: 'comment' | 'restriction', nowMs: number, content = 'A comment that was removed.'): string {
  const now = seconds(nowMs);
  if (kind === 'comment') {
    const id = randomId('c-');
    db.prepare(
      `INSERT INTO comments (id, song_id, uid, author, content, state, created_at, removed_at)
       VALUES (?, 's01', ?, ?, ?, 'removed', ?, ?)`,
    ).run(id, uid, uid, content, now - 3_600, now);
    return id;
  }
  const id = randomId('r-');
  db.prepare("INSERT INTO restrictions (id, uid, kind, began_at, until) VALUES (?, ?, 'comment', ?, ?)").run(id, uid, now, now + 7 * DAY);
  return id;
}

/** Removes a comment, as a moderator would (reports on it are then refused with contentGone). */
export function removeComment(db: Db, id: string, nowMs: number): boolean {
  return db.prepare("UPDATE comments SET state = 'removed', removed_at = ? WHERE id = ? AND state = 'visible'").run(seconds(nowMs), id).changes > 0;
}

type ReportHandlers = Pick<Handlers, 'reportTarget' | 'reportSubmit' | 'appealStatus' | 'appealSubmit'>;

/** The report area's handlers, spread into HANDLERS (server/api/handlers.ts). */
export const REPORT_HANDLERS: ReportHandlers = {
  reportTarget: ({ db, body }) => {
    const target = findTarget(db, body.type, body.id, body.locale ?? null);
    if (!target) throw gone();
    return { target };
  },

  reportSubmit: ({ db, user, body, now }) => {
    const uid = user.uid;
    return transaction(db, () => {
      // The same attempt is the same report (a double tap, a retry after a lost answer): checked
      // first, so a retry succeeds even if the content was removed meanwhile.
      const same = db.prepare('SELECT * FROM reports WHERE uid = ? AND attempt = ?').get(uid, body.attempt);
      if (same) return { report: toReport(same), duplicate: false };
      if (!findTarget(db, body.type, body.id, null)) throw gone();
      if (!REASONS_BY_TYPE[body.type].includes(body.reason)) throw refuse(`"${body.reason}" is not a reason for a ${body.type}.`);
      const described = checkText(body.description, { required: needsDescription(body.reason) });
      if (!described.ok)
        throw refuse(described.error === 'error.tooLong' ? 'The description must be under 400 characters.' : 'Reason "other" needs a description.');
      const open = db
        .prepare("SELECT * FROM reports WHERE uid = ? AND target_type = ? AND target_id = ? AND state != 'closed' ORDER BY created_at DESC LIMIT 1")
        .get(uid, body.type, body.id);
      if (open) return { report: toReport(open), duplicate: true };
      const id = randomId('rp-');
      db.prepare(
        `INSERT INTO reports (id, uid, attempt, target_type, target_id, reason, description, state, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, 'received', ?)`,
      ).run(id, uid, body.attempt, body.type, body.id, body.reason, described.text, seconds(now));
      return { report: toReport(db.prepare('SELECT * FROM reports WHERE id = ?').get(id)!), duplicate: false };
    });
  },

  appealStatus: ({ db, user }) => ({ subjects: subjectsOf(db, user.uid) }),

  appealSubmit: ({ db, user, body, now }) => {
    const uid = user.uid;
    return transaction(db, () => {
      const same = db.prepare('SELECT * FROM appeals WHERE uid = ? AND attempt = ?').get(uid, body.attempt);
      if (same) return { appeal: toAppeal(same) };
      const subject = subjectsOf(db, uid).find((s) => s.id === body.subjectId);
      if (!subject) throw new ApiFailure('notFound', 404, 'No such subject for this user.');
      if (subject.appeal) throw new ApiFailure('appealOpen', 409);
      const described = checkText(body.description, { required: true });
      if (!described.ok) throw refuse('The description must not be empty and must be under 400 characters.');
      const contact = checkContact(body.contact);
      if (!contact.ok) throw refuse('The contact must be a phone number or an e-mail address.');
      if (!body.screenshots.every(isScreenshot)) throw refuse('Screenshots must be jpg, png or bmp.');
      const id = randomId('ap-');
      db.prepare(
        `INSERT INTO appeals (id, uid, attempt, subject_id, reason, description, contact, contact_kind, screenshots, state, created_at, decided_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'submitted', ?, NULL)`,
      ).run(id, uid, body.attempt, subject.id, body.reason, described.text, contact.value, contact.kind, JSON.stringify(body.screenshots), seconds(now));
      return { appeal: toAppeal(db.prepare('SELECT * FROM appeals WHERE id = ?').get(id)!) };
    });
  },
};
