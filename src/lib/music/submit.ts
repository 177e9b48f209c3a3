/**
 * /good-list: the playlist (./submission.ts) sent once per page (the backend's rules answer any
 * condition that changed since /song-test), then /submit-success.
 */
import type { MessageKey } from '../../shared/message-key';
import { atom } from 'nanostores';
import { messageKey } from '../api';
import { request } from '../request';
import { submitPlaylist } from '../../shared/api/endpoints/submission';
import { randomId } from '../../shared/id';
import { pageHref } from '../nav';
import { $playlist } from './submission';

export { $playlist, readPlaylist } from './submission';

export type Sending = { state: 'idle' | 'sending' | 'sent' } | { state: 'failed'; error: MessageKey };

export const $sending = atom<Sending>({ state: 'idle' });

// One key for this page's submission: a retry after a lost answer is the same submission.
let attempt = '';

/**
 * Sends the playlist, unless it is on its way or sent; a failure says why and may be retried.
 * @example <button onClick={submit} disabled={sending.state === 'sending'}>
 */
export async function submit(): Promise<void> {
  const playlist = $playlist.get();
  const { state } = $sending.get();
  if (!playlist || state === 'sending' || state === 'sent') return;
  $sending.set({ state: 'sending' });
  attempt ||= randomId();
  let outcome: Sending = { state: 'failed', error: 'error.generic' };
  try {
    const { submission } = await request(submitPlaylist, { playlistId: playlist.id, name: playlist.name, songIds: playlist.songIds, attempt });
    outcome = { state: 'sent' };
    location.href = pageHref('submit-success', { id: submission.id });
  } catch (error) {
    outcome = { state: 'failed', error: messageKey(error) };
  } finally {
    $sending.set(outcome);
  }
}
