/**
 * /good-list: what makes a good playlist, the playlist about to be submitted, and the submit button
 * (once; the backend's rules answer any condition that changed since /song-test). Success goes to
 * /submit-success.
 */
import { useStore } from '@nanostores/preact';
import { useEffect, useState } from 'preact/hooks';
import '../../lib/api-identity';
import { messageKey, request } from '../../lib/api';
import { submitPlaylist } from '../../lib/api/endpoints/submission';
import { randomId } from '../../lib/id';
import { pageHref } from '../../lib/nav';
import { $session } from '../../lib/session';
import { useHydrated } from '../ui/hydrated';
import { useText } from '../ui/text';
import { musicText } from './text';
import { submittedPlaylist, type SubmittedPlaylist } from './submission';
import './music.css';

const TIPS = ['music.tip1', 'music.tip2', 'music.tip3', 'music.tip4'];

export default function GoodList() {
  const t = useText(musicText);
  const session = useStore($session);
  const hydrated = useHydrated();
  const [playlist, setPlaylist] = useState<SubmittedPlaylist | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // One key for this page's submission: a retry after a lost answer is the same submission.
  const [attempt] = useState(randomId);
  useEffect(() => setPlaylist(submittedPlaylist()), [session]);

  const submit = async () => {
    if (!playlist || busy) return;
    setBusy(true);
    setError(null);
    try {
      const { submission } = await request(submitPlaylist, { playlistId: playlist.id, name: playlist.name, songIds: playlist.songIds, attempt });
      location.href = pageHref('submit-success', { id: submission.id });
    } catch (failure) {
      // The same attempt key stays: a retry is the same submission.
      setError(t(messageKey(failure)));
      setBusy(false);
    }
  };

  return (
    <div class="music">
      <h2 class="music-heading">{t('music.tipsTitle')}</h2>
      <ol class="tips">
        {TIPS.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ol>
      {playlist && (
        <p class="music-rule">{t('music.condPlaylistCount', { name: playlist.name, count: playlist.songIds.length })}</p>
      )}
      {error && (
        <p class="music-failure" role="alert">
          {error}
        </p>
      )}
      {hydrated && !playlist && <p class="music-rule">{t('music.condPlaylistNone')}</p>}
      <button type="button" class="button music-continue" disabled={!hydrated || session !== 'signed-in' || !playlist || busy} onClick={submit}>
        {t('music.submit')}
      </button>
    </div>
  );
}
