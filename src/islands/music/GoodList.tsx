/**
 * /good-list: what makes a good playlist, the playlist about to be submitted, and the submit button
 * (once; the backend's rules answer any condition that changed since /song-test). Success goes to
 * /submit-success (src/lib/music/submit.ts).
 */
import { useStore } from '../ui/use-store';
import { useEffect } from 'preact/hooks';
import { $playlist, $sending, readPlaylist, submit } from '../../lib/music/submit';
import { useHydrated } from '../ui/hydrated';
import './music.css';
import { usePage } from '../ui/page';

const TIPS = ['music.tip1', 'music.tip2', 'music.tip3', 'music.tip4'] as const;

export default function GoodList() {
  const { t, session, signedIn } = usePage();
  const hydrated = useHydrated();
  const playlist = useStore($playlist);
  const sending = useStore($sending);
  useEffect(readPlaylist, [session]);

  return (
    <div className="music">
      <h2 className="music-heading">{t('music.tipsTitle')}</h2>
      <ol className="tips">
        {TIPS.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ol>
      {playlist && <p className="music-rule">{t('music.condPlaylistCount', { name: playlist.name, count: playlist.songIds.length })}</p>}
      {sending.state === 'failed' && (
        <p className="music-failure" role="alert">
          {t(sending.error)}
        </p>
      )}
      {hydrated && !playlist && <p className="music-rule">{t('music.condPlaylistNone')}</p>}
      <button
        type="button"
        className="button music-continue"
        disabled={!signedIn || !playlist || sending.state === 'sending' || sending.state === 'sent'}
        onClick={submit}
      >
        {t('music.submit')}
      </button>
    </div>
  );
}
