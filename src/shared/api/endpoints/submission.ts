/**
 * Playlist submission (/song-test → /good-list → /submit-success): the user submits one of
 * their playlists to be featured. The rules: at least 10 and at most 200 songs, one submission under
 * review at a time. Times are Unix seconds.
 */
import * as v from 'valibot';
import { endpoint } from '../endpoint';

const int = v.pipe(v.number(), v.integer());
const id = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_.:-]{1,64}$/));

/** The backend's rules, so the page can say what is missing before anything is sent. */
export const SUBMISSION_RULES = { minSongs: 10, maxSongs: 200, reviewDays: 3 } as const;

export const submission = v.object({
  id: v.string(),
  playlistId: v.string(),
  name: v.string(),
  songs: v.pipe(v.number(), v.integer(), v.minValue(0)),
  state: v.picklist(['reviewing', 'accepted', 'rejected']),
  createdAt: int,
  /** When the review is due (createdAt + reviewDays). */
  reviewBy: int,
});

/** The user's submission under review, if any, and the last one decided. */
export const submissionStatus = endpoint('/api/submission/status', v.object({}), v.object({ open: v.nullable(submission), last: v.nullable(submission) }));

/**
 * Submits a playlist, once per `attempt`. Refused with `submissionOpen` (one is under review) or
 * `badRequest` (fewer than 10 or more than 200 songs, a song listed twice).
 */
export const submitPlaylist = endpoint(
  '/api/submission',
  v.object({
    playlistId: id,
    name: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
    songIds: v.pipe(v.array(id), v.maxLength(1000)),
    attempt: v.pipe(v.string(), v.minLength(16), v.maxLength(64)),
  }),
  v.object({ submission }),
);
