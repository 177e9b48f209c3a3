/**
 * /oppo-music and /center-station: song lists (the app's own list from `getSonglistInfo` when the
 * query names one, then the backend's playlists), each with Play all and ten songs at a time (show
 * more, show less), VIP and paid marks, and the song playing highlighted. /center-station adds the
 * spatial-audio area. Playing goes through the host (src/lib/music/play.ts).
 */
import { useStore } from '@nanostores/preact';
import { useEffect, useState } from 'preact/hooks';
import '../../lib/api-identity';
import { messageKey, request } from '../../lib/api';
import type { DataOf } from '../../lib/api/endpoint';
import { musicLists } from '../../lib/api/endpoints/music';
import { command, query } from '../../lib/bridge';
import { isContentId } from '../../lib/id';
import { $playingId, play, playAll, watchPlayer } from '../../lib/music/play';
import { queryParam } from '../../lib/nav';
import { $session } from '../../lib/session';
import { SONGS_PAGE_SIZE as PAGE_SIZE } from '../../lib/limits';
import { showToast } from '../../lib/stores/ui';
import { formText } from '../forms/text';
import { Failure } from '../ui/parts/Failure';
import { useText, type Text } from '../ui/text';
import '../ui/controls.css';
import '../ui/placeholder.css';
import { musicText } from './text';
import './music.css';

type Song = DataOf<typeof musicLists>['playlists'][number]['songs'][number];
interface List {
  id: string;
  name: string;
  cover: string | null;
  songs: Song[];
  /** The user's own list, from the app: it can be edited there. */
  own?: boolean;
}

/** A cover the page may show: one of ours, or an inline image from the host; anything else is left out. */
const safeCover = (src: string | undefined) => (src && (/^\/covers\/\d+\.svg$/.test(src) || /^data:image\/(png|jpeg|webp);base64,/.test(src)) ? src : null);

/** The app's list named by the query (`id`), as the host describes it; null when there is none. */
function ownList(): List | null {
  const id = queryParam('id', /^[\w-]{1,40}$/);
  if (!id) return null;
  const info = query('getSonglistInfo', { id });
  if (!info.songs?.length) return null;
  const songs = info.songs
    .filter((s) => isContentId(String(s.id)))
    .map((s) => ({ id: String(s.id), name: s.name, artist: s.artist ?? '', cover: '', seconds: 0, vip: !!s.vip, paid: !!s.paid, spatial: false }));
  return { id, name: info.name ?? '', cover: safeCover(info.cover), songs, own: true };
}

export default function SongLists({ page }: { page: 'oppo-music' | 'center-station' }) {
  const t = useText({ ...musicText, ...formText });
  const session = useStore($session);
  const [lists, setLists] = useState<List[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [spatial, setSpatial] = useState<Song[]>([]);

  const load = () => {
    setFailure(null);
    request(musicLists, {})
      .then(({ playlists }) => {
        const own = ownList();
        setLists([...(own ? [own] : []), ...playlists.filter((p) => p.kind === 'editorial').map((p) => ({ ...p, cover: safeCover(p.cover) }))]);
        setSpatial(playlists.find((p) => p.kind === 'spatial')?.songs ?? []);
      })
      .catch((error) => setFailure(messageKey(error)));
  };
  useEffect(() => {
    if (session !== 'signed-in') return;
    load();
    return watchPlayer();
  }, [session]);

  const start = (song: Song, list: string, spatialMode = false) => {
    if (!play(song, { referrer: `${page}:${list}`, spatial: spatialMode })) showToast('shell.openInAppHint');
  };
  const startAll = (list: List) => {
    if (list.songs[0] && !playAll({ id: list.id, first: list.songs[0].id }, { referrer: `${page}:${list.id}` })) showToast('shell.openInAppHint');
  };

  if (!lists) {
    return (
      <div class="music">
        {failure ? <Failure class="music-failure" message={t(failure)} retry={t('form.retry')} onRetry={load} /> : [0, 1].map((k) => <div key={k} class="quota-skeleton skeleton" />)}
      </div>
    );
  }
  return (
    <div class="music">
      {page === 'center-station' && spatial.length > 0 && (
        <section class="spatial" aria-labelledby="spatial-title">
          <h2 id="spatial-title">{t('music.spatialTitle')}</h2>
          <p>{t('music.spatialIntro')}</p>
          <SongRows songs={spatial} t={t} onPlay={(song) => start(song, 'spatial', true)} playLabel={t('music.playSpatial')} />
        </section>
      )}
      {lists.map((list) => (
        <Playlist key={list.id} list={list} t={t} onPlay={(song) => start(song, list.id)} onPlayAll={() => startAll(list)} />
      ))}
      <button type="button" class="chip music-find" onClick={() => command('foundMusic')}>
        {t('music.findMusic')}
      </button>
    </div>
  );
}

/** A list: its head with Play all, ten songs at a time. */
function Playlist({ list, t, onPlay, onPlayAll }: { list: List; t: Text; onPlay: (song: Song) => void; onPlayAll: () => void }) {
  const [shown, setShown] = useState(PAGE_SIZE);
  const titleId = `list-${list.id}`;
  return (
    <section class="playlist" aria-labelledby={titleId}>
      <div class="playlist-head">
        {list.cover && <img src={list.cover} alt="" width={56} height={56} />}
        <div class="playlist-title">
          <h2 id={titleId}>{list.name}</h2>
          <p>{t('music.songCount', { count: list.songs.length })}</p>
        </div>
        <button
          type="button"
          class="button"
          disabled={list.songs.length === 0}
          onClick={onPlayAll}
          data-track="music.playAll"
          data-track-on="exposure click"
          data-track-props={JSON.stringify({ list: list.id })}
        >
          {t('music.playAll')}
        </button>
      </div>
      <SongRows songs={list.songs.slice(0, shown)} t={t} onPlay={onPlay} />
      <div class="list-more">
        {shown < list.songs.length && (
          <button type="button" class="link" onClick={() => setShown(shown + PAGE_SIZE)}>
            {t('music.showMore')}
          </button>
        )}
        {shown > PAGE_SIZE && (
          <button type="button" class="link" onClick={() => setShown(Math.max(PAGE_SIZE, shown - PAGE_SIZE))}>
            {t('music.showLess')}
          </button>
        )}
        {list.own && (
          <button type="button" class="link" onClick={() => command('goEditSonglist', { id: list.id })}>
            {t('music.editList')}
          </button>
        )}
      </div>
    </section>
  );
}

/** Songs as rows: tap to play; the one playing is marked for sight and for screen readers. */
function SongRows({ songs, t, onPlay, playLabel }: { songs: Song[]; t: Text; onPlay: (song: Song) => void; playLabel?: string }) {
  const playing = useStore($playingId);
  return (
    <ul class="songs">
      {songs.map((song) => {
        const current = song.id === playing;
        const cover = safeCover(song.cover);
        // The name says everything the row shows (label in name, WCAG 2.5.3), after the action.
        const shown = `${song.name} ${current ? `${t('music.nowPlaying')} · ` : ''}${song.artist ?? ''}`.trim();
        return (
          <li key={song.id} class={`song${current ? ' is-playing' : ''}`}>
            <button type="button" class="song-play" aria-current={current ? 'true' : undefined} aria-label={playLabel ? `${playLabel}: ${shown}` : t('music.play', { name: shown })} onClick={() => onPlay(song)}>
              {cover && <img src={cover} alt="" width={40} height={40} loading="lazy" />}
              <span class="song-text">
                <span class="song-name">{song.name}</span>{' '}
                <span class="song-artist">
                  {current ? `${t('music.nowPlaying')} · ` : ''}
                  {song.artist}
                </span>
              </span>
            </button>
            {song.vip && <span class="badge is-vip">{t('music.vip')}</span>}
            {song.paid && <span class="badge is-paid">{t('music.paid')}</span>}
          </li>
        );
      })}
    </ul>
  );
}
