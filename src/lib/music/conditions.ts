/**
 * /song-test: the conditions to submit a playlist, each met or not: signed in, Music authorised in
 * the app (`getUserAuth`), the playlist (./submission.ts) holding 10 to 200 songs, no other
 * submission under review.
 */
import { atom, computed } from 'nanostores';
import { type DataOf } from '../api';
import { request } from '../request';
import { SUBMISSION_RULES, submissionStatus } from '../../shared/api/endpoints/submission';
import { command, onHost, query } from '../bridge';
import { onResume } from '../../shared/bridge/calls/app';
import { getUserAuth } from '../../shared/bridge/calls/music';
import { fill, loading, type Loadable } from '../model/loadable';
import { $session } from '../session';
import { $playlist, readPlaylist } from './submission';

export { $playlist } from './submission';

/** Whether the user has authorised Music in the app. */
export const $authorized = atom(false);
/** The user's submission under review and the last one decided. */
export const $status = atom<Loadable<DataOf<typeof submissionStatus>>>(loading());

/** Each condition, the submission under review if any, and whether all are met. */
export const $conditions = computed([$session, $authorized, $playlist, $status], (session, authorized, playlist, status) => {
  const signedIn = session === 'signed-in';
  const count = playlist?.songIds.length ?? 0;
  const open = status.state === 'ready' ? status.data.open : null;
  const conditions = {
    signedIn,
    authorized: signedIn && authorized,
    sized: count >= SUBMISSION_RULES.minSongs && count <= SUBMISSION_RULES.maxSongs,
    oneAtATime: status.state === 'ready' && !open,
  };
  return { ...conditions, open, ready: Object.values(conditions).every(Boolean) };
});

/** Asks the app and the server again; what was known stays while they answer. @example <Failure onRetry={checkConditions} /> */
export async function checkConditions(): Promise<void> {
  $authorized.set(query(getUserAuth).authorized);
  readPlaylist();
  await fill($status, () => request(submissionStatus, {}), { keep: true });
}

/**
 * Reads the playlist; for a signed-in user checks every condition now and again when the app comes
 * back (authorised, songs added).
 * @returns a function that stops following
 * @example useEffect(() => watchConditions(session === 'signed-in'), [session])
 */
export function watchConditions(signedIn: boolean): () => void {
  readPlaylist();
  if (!signedIn) return () => {};
  void checkConditions();
  return onHost(onResume, () => void checkConditions());
}

/** Music's authorisation, in the app. @example authorize() */
export const authorize = (): void => void command('jump', { target: 'user-auth' });

/** The app's editor, to add songs to the playlist. @example addSongs() */
export function addSongs(): void {
  const playlist = $playlist.get();
  if (playlist) command('goEditSonglist', { id: playlist.id });
}
