/**
 * Music: the download quota and history, the song lists, playlist submission. The
 * contracts are src/shared/api/endpoints/music.ts and submission.ts; docs/api.md (section Music)
 * describes the behaviour.
 *
 * Downloads themselves happen in the app, which reports each one to the backend; the development
 * route `POST /api/dev/download` stands in for that report.
 */
import { randomBytes } from 'node:crypto';
import type { ResponseOf } from '../../src/shared/api/contract';
import { playlist } from '../../src/shared/api/endpoints/music';
import { download } from '../../src/shared/api/endpoints/music-downloads';
import { SUBMISSION_RULES, submission } from '../../src/shared/api/endpoints/submission';
import { downloadQuota, type MembershipPeriod } from '../../src/shared/music/quota';
import { BENEFITS } from '../../src/shared/vip/benefits';
import type { Db } from '../db';
import { transaction } from '../db/transaction';
import { pageRows } from './cursor';
import { ApiFailure } from './failure';
import type { Handlers } from './pipeline';
import { rowAs, type Row } from './rows';
import { membershipOf } from '../db/membership';
import { DAY, seconds } from '../time';

type Song = ResponseOf<'musicLists'>['playlists'][number]['songs'][number];

/**
 * The user's unbroken membership at `now`: its expiry from the memberships table, its start found by
 * replaying what granted days (paid orders and redeemed codes) in time order: whatever their tier, a
 * grant adds its days to the end of the membership (src/shared/vip/ledger.ts), and days granted while
 * lapsed start a new period. Null when not a member at `now`.
 */
export function membershipPeriod(db: Db, uid: string, now: number): MembershipPeriod | null {
  const membership = membershipOf(db, uid, now);
  if (membership.tier === 'none' || membership.expiresAt === null) return null;
  const grants = [
    ...db.prepare("SELECT o.paid_at AS at, p.days FROM vip_orders o JOIN plans p ON p.id = o.plan_id WHERE o.uid = ? AND o.state = 'paid'").all(uid),
    ...db.prepare('SELECT used_at AS at, days FROM redeem_codes WHERE used_by = ? AND used_at IS NOT NULL').all(uid),
  ]
    .map((g) => ({ at: Number(g.at), days: Number(g.days) }))
    .sort((a, b) => a.at - b.at);
  let startedAt: number | null = null;
  let expiry = 0;
  for (const grant of grants) {
    if (grant.at >= expiry) startedAt = grant.at;
    expiry = Math.max(expiry, grant.at) + grant.days * DAY;
  }
  // A membership no grant explains (set by hand): its last 31 days are the period.
  return { startedAt: Math.min(startedAt ?? membership.expiresAt - 31 * DAY, now), expiresAt: membership.expiresAt };
}

/** Records a download the app reports (the development route stands for the app's report). */
export function recordDownload(db: Db, uid: string, song: string, quality: 'standard' | 'high' | 'lossless', nowMs: number): string | undefined {
  if (!db.prepare('SELECT 1 FROM songs WHERE id = ?').get(song)) return undefined;
  const id = `d-${randomBytes(9).toString('base64url')}`;
  db.prepare('INSERT INTO downloads (id, uid, song, quality, created_at) VALUES (?, ?, ?, ?, ?)').run(id, uid, song, quality, seconds(nowMs));
  return id;
}

const toSong = (row: Row): Song => ({
  id: String(row.id),
  name: String(row.name),
  artist: String(row.artist),
  cover: String(row.cover),
  seconds: Number(row.seconds),
  vip: Number(row.vip) === 1,
  paid: Number(row.paid) === 1,
  spatial: Number(row.spatial) === 1,
});

type MusicHandlers = Pick<Handlers, 'downloadQuota' | 'downloadHistory' | 'musicLists'>;

/** The music area's handlers, spread into HANDLERS (server/api/handlers.ts). */
export const MUSIC_HANDLERS: MusicHandlers = {
  downloadQuota: ({ db, user, now }) => {
    const uid = user.uid;
    const at = seconds(now);
    const membership = membershipOf(db, uid, at);
    const quota = downloadQuota(membershipPeriod(db, uid, at), at, membership.tier === 'none' ? undefined : BENEFITS[membership.tier]);
    const used = quota ? Number(db.prepare('SELECT COUNT(*) AS n FROM downloads WHERE uid = ? AND created_at >= ?').get(uid, quota.cycleStart)!.n) : 0;
    return { membership, quota: quota && { ...quota, used: Math.min(used, quota.total) } };
  },

  downloadHistory: ({ db, user, body }) => {
    const select = 'SELECT d.id, d.song, d.quality, d.created_at, s.name, s.artist FROM downloads d JOIN songs s ON s.id = d.song WHERE d.uid = ?';
    const { rows, next } = pageRows(db, select, [user.uid], body.cursor, body.limit, { key: 'd.created_at', id: 'd.id' });
    return {
      items: rows.map((r) =>
        rowAs(
          download,
          { id: String(r.id), songId: String(r.song), name: String(r.name), artist: String(r.artist), quality: r.quality, createdAt: Number(r.created_at) },
          'downloads',
        ),
      ),
      next,
    };
  },

  musicLists: ({ db, body }) => {
    const songsOf = db.prepare('SELECT s.* FROM playlist_songs ps JOIN songs s ON s.id = ps.song WHERE ps.playlist = ? ORDER BY ps.sort');
    return {
      playlists: db
        .prepare(
          'SELECT p.id, COALESCE(n.name, p.name) AS name, p.cover, p.kind FROM playlists p LEFT JOIN playlist_names n ON n.playlist = p.id AND n.locale = ? ORDER BY p.sort',
        )
        .all(body.locale ?? null)
        .map((p) =>
          rowAs(
            playlist,
            { id: String(p.id), name: String(p.name), cover: String(p.cover), kind: p.kind, songs: songsOf.all(String(p.id)).map(toSong) },
            'playlists',
          ),
        ),
    };
  },
};

type Submission = ResponseOf<'submitPlaylist'>['submission'];

const toSubmission = (row: Row): Submission =>
  rowAs(
    submission,
    {
      id: String(row.id),
      playlistId: String(row.playlist_id),
      name: String(row.name),
      songs: Number(row.songs),
      state: row.state,
      createdAt: Number(row.created_at),
      reviewBy: Number(row.review_by),
    },
    'submissions',
  );

/**
 * Decides the user's submission under review (the development route stands for the editors' tool).
 * @returns the submission, or undefined when none is under review
 */
export function decideSubmission(db: Db, uid: string, state: 'accepted' | 'rejected'): Submission | undefined {
  const row = db.prepare("SELECT * FROM submissions WHERE uid = ? AND state = 'reviewing'").get(uid);
  if (!row) return undefined;
  db.prepare('UPDATE submissions SET state = ? WHERE id = ?').run(state, String(row.id));
  return toSubmission({ ...row, state });
}

type SubmissionHandlers = Pick<Handlers, 'submissionStatus' | 'submitPlaylist'>;

/** Playlist submission: one under review at a time, 10 to 200 songs. */
export const SUBMISSION_HANDLERS: SubmissionHandlers = {
  submissionStatus: ({ db, user }) => {
    const uid = user.uid;
    const open = db.prepare("SELECT * FROM submissions WHERE uid = ? AND state = 'reviewing'").get(uid);
    const last = db.prepare("SELECT * FROM submissions WHERE uid = ? AND state != 'reviewing' ORDER BY created_at DESC LIMIT 1").get(uid);
    return { open: open ? toSubmission(open) : null, last: last ? toSubmission(last) : null };
  },

  submitPlaylist: ({ db, user, body, now }) => {
    const uid = user.uid;
    return transaction(db, () => {
      const same = db.prepare('SELECT * FROM submissions WHERE uid = ? AND attempt = ?').get(uid, body.attempt);
      if (same) return { submission: toSubmission(same) };
      if (db.prepare("SELECT 1 FROM submissions WHERE uid = ? AND state = 'reviewing'").get(uid)) throw new ApiFailure('submissionOpen', 409);
      const count = body.songIds.length;
      if (new Set(body.songIds).size !== count) throw new ApiFailure('badRequest', 422, 'A song is listed twice.');
      if (count < SUBMISSION_RULES.minSongs || count > SUBMISSION_RULES.maxSongs) {
        throw new ApiFailure('badRequest', 422, `A playlist needs ${SUBMISSION_RULES.minSongs} to ${SUBMISSION_RULES.maxSongs} songs.`);
      }
      const id = `sub-${randomBytes(9).toString('base64url')}`;
      const at = seconds(now);
      db.prepare(
        `INSERT INTO submissions (id, uid, attempt, playlist_id, name, songs, state, created_at, review_by)
         VALUES (?, ?, ?, ?, ?, ?, 'reviewing', ?, ?)`,
      ).run(id, uid, body.attempt, body.playlistId, body.name.trim(), count, at, at + SUBMISSION_RULES.reviewDays * DAY);
      return { submission: toSubmission(db.prepare('SELECT * FROM submissions WHERE id = ?').get(id)!) };
    });
  },
};
