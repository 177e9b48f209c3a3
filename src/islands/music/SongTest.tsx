/**
 * /song-test: whether the user can submit a playlist (src/lib/music/conditions.ts), one condition
 * per row (met or not, and what to do when not): signed in, Music authorised in the app, the playlist
 * the app opened this page from holding 10 to 200 songs, no other submission under review. Continue
 * goes to the tips and the submit button (/good-list).
 */
import { useStore } from '../ui/use-store';
import { useEffect } from 'preact/hooks';
import { formatDate } from '../../shared/format';
import { $conditions, $playlist, $status, addSongs, authorize, checkConditions, watchConditions } from '../../lib/music/conditions';
import { pageHref } from '../../lib/nav';
import { signIn } from '../../lib/session';
import { $selfInfo } from '../../lib/stores/self-info';
import { useHydrated } from '../ui/hydrated';
import { Failure } from '../ui/parts/Failure';
import '../ui/controls.css';
import '../ui/placeholder.css';
import './music.css';
import { usePage } from '../ui/page';

interface Row {
  id: string;
  label: string;
  met: boolean;
  todo?: string;
  action?: { label: string; run: () => void };
}

export default function SongTest() {
  const { t, locale, session } = usePage();
  const hydrated = useHydrated();
  const timeZone = useStore($selfInfo).dev_timezone || undefined;
  const playlist = useStore($playlist);
  const status = useStore($status);
  const met = useStore($conditions);

  useEffect(() => watchConditions(session === 'signed-in'), [session]);

  if (!hydrated)
    return (
      <div className="music">
        <div className="quota-skeleton skeleton" />
      </div>
    );
  const { open } = met;
  // Outside the app nothing here can be done (sign-in and authorising are the app's): the conditions
  // are listed, and the page's gate is the one way into the app.
  const inApp = session !== 'no-app';
  const rows: Row[] = [
    {
      id: 'signed-in',
      label: t('music.condSignedIn'),
      met: met.signedIn,
      todo: t('music.condSignedInTodo'),
      action: { label: t('shell.signIn'), run: () => void signIn() },
    },
    {
      id: 'authorized',
      label: t('music.condAuthorized'),
      met: met.authorized,
      todo: t('music.condAuthorizedTodo'),
      action: { label: t('music.authorize'), run: authorize },
    },
    {
      id: 'playlist',
      label: t('music.condPlaylist'),
      met: met.sized,
      todo: playlist ? t('music.condPlaylistCount', { name: playlist.name, count: playlist.songIds.length }) : t('music.condPlaylistNone'),
      action: playlist ? { label: t('music.addSongs'), run: addSongs } : undefined,
    },
    {
      id: 'one-at-a-time',
      label: t('music.condOneAtATime'),
      met: met.oneAtATime,
      todo: open ? t('music.condUnderReview', { name: open.name, date: formatDate(open.reviewBy, locale, { timeZone, style: 'long' }) }) : undefined,
    },
  ];
  return (
    <div className="music">
      <h2 className="music-heading">{t('music.conditionsTitle')}</h2>
      {status.state === 'failed' && <Failure className="music-failure" message={t(status.error)} retry={t('shell.retry')} onRetry={checkConditions} />}
      <ul className="conditions" aria-busy={met.signedIn && status.state === 'loading'}>
        {rows.map((row) => (
          <li key={row.id} className={`condition${row.met ? ' is-met' : ''}`}>
            <span className="condition-mark" aria-hidden="true">
              {row.met ? '✓' : '!'}
            </span>
            <span className="condition-text">
              <span>{row.label}</span>
              <span className="visually-hidden">{t(row.met ? 'music.met' : 'music.notMet')}</span>
              {!row.met && row.todo && <span className="condition-todo">{row.todo}</span>}
            </span>
            {!row.met && row.action && inApp && (
              <button type="button" className="chip" onClick={row.action.run}>
                {row.action.label}
              </button>
            )}
          </li>
        ))}
      </ul>
      <a
        className={`button music-continue${met.ready ? '' : ' is-disabled'}`}
        aria-disabled={!met.ready}
        href={met.ready && playlist ? pageHref('good-list', { id: playlist.id }) : undefined}
      >
        {t('music.continue')}
      </a>
    </div>
  );
}
