/**
 * /song-test: whether the user can submit a playlist, one condition per row (met or not, and what to
 * do when not): signed in, Music authorised in the app (`getUserAuth`), the playlist the app opened
 * this page from (`getSonglistInfo`, the `id` query) holding 10 to 200 songs, no other submission
 * under review. Continue goes to the tips and the submit button (/good-list).
 */
import { useStore } from '@nanostores/preact';
import { useEffect, useState } from 'preact/hooks';
import '../../lib/api-identity';
import { messageKey, request } from '../../lib/api';
import type { DataOf } from '../../lib/api/endpoint';
import { SUBMISSION_RULES, submissionStatus } from '../../lib/api/endpoints/submission';
import { command, onHost, query } from '../../lib/bridge';
import { formatDate } from '../../lib/format';
import { $locale } from '../../lib/i18n';
import { pageHref } from '../../lib/nav';
import { $session, signIn } from '../../lib/session';
import { $selfInfo } from '../../lib/stores/self-info';
import { formText } from '../forms/text';
import { useHydrated } from '../ui/hydrated';
import { Failure } from '../ui/parts/Failure';
import { useText } from '../ui/text';
import '../ui/controls.css';
import '../ui/placeholder.css';
import { musicText } from './text';
import { submittedPlaylist } from './submission';
import './music.css';

type Status = DataOf<typeof submissionStatus>;

interface Row {
  id: string;
  label: string;
  met: boolean;
  todo?: string;
  action?: { label: string; run: () => void };
}

export default function SongTest() {
  const t = useText({ ...musicText, ...formText });
  const locale = useStore($locale);
  const session = useStore($session);
  const hydrated = useHydrated();
  const timeZone = useStore($selfInfo).dev_timezone || undefined;
  const [status, setStatus] = useState<Status | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [authorized, setAuthorized] = useState(false);
  const [playlist, setPlaylist] = useState(submittedPlaylist);

  const load = () => {
    setFailure(null);
    setAuthorized(query('getUserAuth').authorized);
    setPlaylist(submittedPlaylist());
    request(submissionStatus, {})
      .then(setStatus)
      .catch((error) => setFailure(messageKey(error)));
  };
  useEffect(() => {
    if (session !== 'signed-in') return;
    load();
    // Back from the app (authorised, songs added): check again.
    return onHost('onResume', load);
  }, [session]);

  if (!hydrated) return <div class="music"><div class="quota-skeleton skeleton" /></div>;
  const signedIn = session === 'signed-in';
  const { minSongs, maxSongs } = SUBMISSION_RULES;
  const sized = !!playlist && playlist.songIds.length >= minSongs && playlist.songIds.length <= maxSongs;
  const open = status?.open;
  const rows: Row[] = [
    { id: 'signed-in', label: t('music.condSignedIn'), met: signedIn, todo: t('music.condSignedInTodo'), action: { label: t('shell.signIn'), run: () => void signIn() } },
    {
      id: 'authorized',
      label: t('music.condAuthorized'),
      met: signedIn && authorized,
      todo: t('music.condAuthorizedTodo'),
      action: { label: t('music.authorize'), run: () => command('jump', { target: 'user-auth' }) },
    },
    {
      id: 'playlist',
      label: t('music.condPlaylist'),
      met: sized,
      todo: playlist ? t('music.condPlaylistCount', { name: playlist.name, count: playlist.songIds.length }) : t('music.condPlaylistNone'),
      action: playlist ? { label: t('music.addSongs'), run: () => command('goEditSonglist', { id: playlist.id }) } : undefined,
    },
    {
      id: 'one-at-a-time',
      label: t('music.condOneAtATime'),
      met: !!status && !open,
      todo: open ? t('music.condUnderReview', { name: open.name, date: formatDate(open.reviewBy, locale, { timeZone, style: 'long' }) }) : undefined,
    },
  ];
  const ready = rows.every((row) => row.met);
  return (
    <div class="music">
      <h2 class="music-heading">{t('music.conditionsTitle')}</h2>
      {failure && <Failure class="music-failure" message={t(failure)} retry={t('form.retry')} onRetry={load} />}
      <ul class="conditions" aria-busy={signedIn && !status && !failure}>
        {rows.map((row) => (
          <li key={row.id} class={`condition${row.met ? ' is-met' : ''}`}>
            <span class="condition-mark" aria-hidden="true">
              {row.met ? '✓' : '!'}
            </span>
            <span class="condition-text">
              <span>{row.label}</span>
              <span class="visually-hidden">{t(row.met ? 'music.met' : 'music.notMet')}</span>
              {!row.met && row.todo && <span class="condition-todo">{row.todo}</span>}
            </span>
            {!row.met && row.action && (
              <button type="button" class="chip" onClick={row.action.run}>
                {row.action.label}
              </button>
            )}
          </li>
        ))}
      </ul>
      <a class={`button music-continue${ready ? '' : ' is-disabled'}`} aria-disabled={!ready} href={ready && playlist ? pageHref('good-list', { id: playlist.id }) : undefined}>
        {t('music.continue')}
      </a>
    </div>
  );
}
