/**
 * /oppo-music and /center-station: song lists (src/lib/music/lists.ts: the app's own list when the
 * query names one, then the backend's playlists), each with Play all and ten songs at a time (show
 * more, show less), VIP and paid marks, and the song playing highlighted. /center-station adds the
 * spatial-audio area.
 */
import { useStore } from '@nanostores/preact';
import { useEffect, useState } from 'preact/hooks';
import { SONGS_PAGE_SIZE as PAGE_SIZE } from '../../lib/limits';
import { $lists, $playingId, editList, findMusic, loadLists, playList, playSong, watchLists, type Page, type Song, type SongList } from '../../lib/music/lists';
import { $session } from '../../lib/session';
import { Failure } from '../ui/parts/Failure';
import { area, type Text, useText } from '../ui/text';
import '../ui/controls.css';
import '../ui/placeholder.css';
import './music.css';

// Declared here, not imported from ./text: shared by several islands, that one-line module was a
// chunk of its own, a request for 70 bytes (area() is memoised, so each area has one store).
const musicText = { music: area('music') };

export default function SongLists({ page }: { page: Page }) {
  const t = useText(musicText);
  const session = useStore($session);
  const shelf = useStore($lists);
  // The quality choice and the play notice come after the first screen (./parts/Player.tsx).
  const [parts, setParts] = useState<typeof import('./parts/Player') | null>(null);

  useEffect(() => (session === 'signed-in' ? watchLists() : undefined), [session]);
  useEffect(() => void import('./parts/Player').then(setParts, () => undefined), []);

  if (shelf.state !== 'ready') {
    return (
      <div class="music">
        {shelf.state === 'failed' ? <Failure class="music-failure" message={t(shelf.error)} retry={t('shell.retry')} onRetry={loadLists} /> : [0, 1].map((k) => <div key={k} class="quota-skeleton skeleton" />)}
      </div>
    );
  }
  const { lists, spatial } = shelf.data;
  return (
    <div class="music">
      {parts ? <parts.QualityChoice t={t} /> : <div class="quality" aria-hidden="true" />}
      {page === 'center-station' && spatial.length > 0 && (
        <section class="spatial" aria-labelledby="spatial-title">
          <h2 id="spatial-title">{t('music.spatialTitle')}</h2>
          <p>{t('music.spatialIntro')}</p>
          <SongRows songs={spatial} t={t} onPlay={(song) => playSong(song, { page, list: 'spatial', spatial: true })} playLabel={t('music.playSpatial')} />
        </section>
      )}
      {lists.map((list) => (
        <Playlist key={list.id} list={list} t={t} onPlay={(song) => playSong(song, { page, list: list.id })} onPlayAll={() => playList(list, page)} />
      ))}
      {lists.length === 0 && <p class="music-empty">{t('music.noLists')}</p>}
      <button type="button" class="chip music-find" onClick={findMusic}>
        {t('music.findMusic')}
      </button>
      {parts && <parts.PlayNotice t={t} />}
    </div>
  );
}

/** A list: its head with Play all, ten songs at a time. */
function Playlist({ list, t, onPlay, onPlayAll }: { list: SongList; t: Text; onPlay: (song: Song) => void; onPlayAll: () => void }) {
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
      {list.songs.length === 0 && <p class="music-empty">{t('music.emptyList')}</p>}
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
        {list.own ? (
          <button type="button" class="link" onClick={() => editList(list.id)}>
            {t('music.editList')}
          </button>
        ) : (
          list.songs.length === 0 && (
            <button type="button" class="link" onClick={findMusic}>
              {t('music.findSongs')}
            </button>
          )
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
        // The name says everything the row shows (label in name, WCAG 2.5.3), after the action.
        const shown = `${song.name} ${current ? `${t('music.nowPlaying')} · ` : ''}${song.artist ?? ''}`.trim();
        return (
          <li key={song.id} class={`song${current ? ' is-playing' : ''}`}>
            <button type="button" class="song-play" aria-current={current ? 'true' : undefined} aria-label={playLabel ? `${playLabel}: ${shown}` : t('music.play', { name: shown })} onClick={() => onPlay(song)}>
              {song.cover && <img src={song.cover} alt="" width={40} height={40} loading="lazy" />}
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
