/**
 * The song lists' sound-quality choice and the notice that goes with playing (a VIP song's 60-second
 * preview before and while it plays, Play all of a list with VIP songs, no lyrics): loaded after the
 * first screen by SongLists.
 */
import { useStore } from '../../ui/use-store';
import { $notice } from '../../../lib/music/player';
import { $quality, chooseQuality, QUALITIES } from '../../../lib/music/quality';
import { pageHref } from '../../../lib/nav';
import type { RoutePath } from '../../../shared/routes';
import type { Text } from '../../../lib/i18n';

const LABEL = { standard: 'music.qualityStandard', high: 'music.qualityHigh', lossless: 'music.qualityLossless' } as const;

/** Standard, high or lossless: native radios; lossless refused to a non-member, with the way to join. */
export function QualityChoice({ t }: { t: Text }) {
  const quality = useStore($quality);
  const refused = useStore($notice)?.kind === 'losslessVip';
  return (
    <fieldset className="quality">
      <legend>{t('music.qualityTitle')}</legend>
      <div className="quality-options">
        {QUALITIES.map((q) => (
          <label key={q} className={q === quality ? 'quality-option is-checked' : 'quality-option'}>
            <input
              type="radio"
              name="quality"
              value={q}
              checked={q === quality}
              // A refused choice must not stay ticked: the click is undone, the note says why.
              onClick={(event) => chooseQuality(q) || event.preventDefault()}
            />
            {t(LABEL[q])}
            {q === 'lossless' && <span className="badge is-vip">{t('music.vip')}</span>}
          </label>
        ))}
      </div>
      <div className="quality-note" aria-live="polite">
        {refused && (
          <p>
            {t('music.losslessVip')} <a href={pageHref('vip-center')}>{t('music.becomeMember')}</a>
          </p>
        )}
      </div>
    </fieldset>
  );
}

/** A bar at the foot of the screen while there is something to say about what plays. */
export function PlayNotice({ t }: { t: Text }) {
  const notice = useStore($notice);
  const link = (path: RoutePath, text: string) => (
    <a className="play-notice-action" href={pageHref(path)}>
      {text}
    </a>
  );
  let text = '';
  let action = null;
  if (notice?.kind === 'preview') text = t(notice.playing ? 'music.previewNow' : 'music.previewNext', { name: notice.name });
  if (notice?.kind === 'previewList') text = t('music.previewList', { count: notice.count });
  if (text) action = link('vip-center', t('music.becomeMember'));
  if (notice?.kind === 'noLyrics') {
    text = t('music.noLyricsNote');
    action = link('automatic-lyrics', t('music.aboutLyrics'));
  }
  return (
    <div className={`play-notice${text ? ' is-shown' : ''}`} role="status" data-preview={notice?.kind === 'preview' && notice.playing ? 'playing' : undefined}>
      {text && (
        <p>
          <span>{text}</span> {action}
        </p>
      )}
    </div>
  );
}
