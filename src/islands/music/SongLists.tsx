/**
 * /oppo-music and /center-station: song lists (src/lib/music/lists.ts: the app's own list when the
 * query names one, then the backend's playlists), each with Play all and ten songs at a time (show
 * more, show less), VIP and paid marks, and the song playing highlighted. /center-station adds the
 * spatial-audio area.
 */
import { useStore } from '../ui/use-store';
import { useEffect, useState } from 'preact/hooks';
import { SONGS_PAGE_SIZE as PAGE_SIZE } from '../../shared/limits';
import { $lists, $playingId, editList, findMusic, loadLists, playList, playSong, watchLists, type Page, type Song, type SongList } from '../../lib/music/lists';
import { Failure } from '../ui/parts/Failure';
import type { Text } from '../../lib/i18n';
import '../ui/controls.css';
import '../ui/placeholder.css';
import './music.css';
import { usePage } from '../ui/page';

export default function SongLists({ page }: { page: Page }) {
  const { t, signedIn } = usePage();
  const shelf = useStore($lists);
  // The quality choice and the play notice come after the first screen (./parts/Player.tsx). A load that
  // failed (the connection gone while the page came) is asked for again when it is back, and at the next
  // tap on a song: without it, what plays would never be said.
  const [parts, setParts] = useState<typeof import('./parts/Player') | null>(null);
  const loadParts = () => void import('./parts/Player').then(setParts, () => undefined);
  const play = (start: () => Promise<void>) => {
    if (!parts) loadParts();
    void start();
  };

  useEffect(() => (signedIn ? watchLists() : undefined), [signedIn]);
  useEffect(() => {
    loadParts();
    addEventListener('online', loadParts);
    return () => removeEventListener('online', loadParts);
  }, []);

  if (shelf.state !== 'ready') {
    return (
      <div className="music">
        {shelf.state === 'failed' ? (
          <Failure className="music-failure" message={t(shelf.error)} retry={t('shell.retry')} onRetry={loadLists} />
        ) : (
          [0, 1].map((k) => <div key={k} className="quota-skeleton skeleton" />)
        )}
      </div>
    );
  }
  const { lists, spatial } = shelf.data;
  return (
    // The lists from the server: what the page is for (the `useful` mark, src/layouts/reads-script.ts).
    <div className="music" data-useful="">
      {parts ? <parts.QualityChoice t={t} /> : <div className="quality" aria-hidden="true" />}
      {page === 'center-station' && spatial.length > 0 && (
        <section className="spatial" aria-labelledby="spatial-title">
          <h2 id="spatial-title">{t('music.spatialTitle')}</h2>
          <p>{t('music.spatialIntro')}</p>
          <SongRows
            songs={spatial}
            t={t}
            onPlay={(song) => play(() => playSong(song, { page, list: 'spatial', spatial: true }))}
            playLabel={t('music.playSpatial')}
          />
        </section>
      )}
      {lists.map((list) => (
        <Playlist
          key={list.id}
          list={list}
          t={t}
          onPlay={(song) => play(() => playSong(song, { page, list: list.id }))}
          onPlayAll={() => play(() => playList(list, page))}
        />
      ))}
      {lists.length === 0 && <p className="music-empty">{t('music.noLists')}</p>}
      <button type="button" className="chip music-find" onClick={findMusic}>
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
    <section className="playlist" aria-labelledby={titleId}>
      <div className="playlist-head">
        {list.cover && <img src={list.cover} alt="" width={56} height={56} />}
        <div className="playlist-title">
          <h2 id={titleId}>{list.name}</h2>
          <p>{t('music.songCount', { count: list.songs.length })}</p>
        </div>
        <button
          type="button"
          className="button"
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
      {list.songs.length === 0 && <p className="music-empty">{t('music.emptyList')}</p>}
      <div className="list-more">
        {shown < list.songs.length && (
          <button type="button" className="link" onClick={() => setShown(shown + PAGE_SIZE)}>
            {t('music.showMore')}
          </button>
        )}
        {shown > PAGE_SIZE && (
          <button type="button" className="link" onClick={() => setShown(Math.max(PAGE_SIZE, shown - PAGE_SIZE))}>
            {t('music.showLess')}
          </button>
        )}
        {list.own ? (
          <button type="button" className="link" onClick={() => editList(list.id)}>
            {t('music.editList')}
          </button>
        ) : (
          list.songs.length === 0 && (
            <button type="button" className="link" onClick={findMusic}>
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
    <ul className="songs">
      {songs.map((song) => {
        const current = song.id === playing;
        // The name says everything the row shows (label in name, WCAG 2.5.3), after the action.
        const shown = `${song.name} ${current ? `${t('music.nowPlaying')} · ` : ''}${song.artist ?? ''}`.trim();
        return (
          <li key={song.id} className={`song${current ? ' is-playing' : ''}`}>
            <button
              type="button"
              className="song-play"
              aria-current={current ? 'true' : undefined}
              aria-label={playLabel ? `${playLabel}: ${shown}` : t('music.play', { name: shown })}
              onClick={() => onPlay(song)}
            >
              {song.cover && <img src={song.cover} alt="" width={40} height={40} loading="lazy" />}
              <span className="song-text">
                <span className="song-name">{song.name}</span>{' '}
                <span className="song-artist">
                  {current ? `${t('music.nowPlaying')} · ` : ''}
                  {song.artist}
                </span>
              </span>
            </button>
            {song.vip && <span className="badge is-vip">{t('music.vip')}</span>}
            {song.paid && <span className="badge is-paid">{t('music.paid')}</span>}
          </li>
        );
      })}
    </ul>
  );
}
