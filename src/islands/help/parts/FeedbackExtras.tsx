/** The feedback form's optional extras: the app's logs (uploaded as soon as ticked) and, from the player, the song playing. */
import { useStore } from '../../ui/use-store';
import { $playingSong, feedbackForm, log } from '../../../lib/help/feedback-form';
import { usePage } from '../../ui/page';

export function FeedbackExtras({ song, disabled }: { song: boolean; disabled: boolean }) {
  const { t } = usePage();
  const draft = useStore(feedbackForm.$values);
  const error = useStore(feedbackForm.$errors).log;
  const file = useStore(log.$log);
  const playing = useStore($playingSong);
  const state = error
    ? t(error)
    : file?.state === 'done'
      ? t('help.logDone')
      : file?.state === 'failed'
        ? t('error.uploadFailed')
        : t('help.logUploading', { progress: file?.progress ?? 0 });

  return (
    <>
      <div>
        <label className="check">
          <input type="checkbox" checked={draft.log} disabled={disabled} onChange={(event) => feedbackForm.update({ log: event.currentTarget.checked })} />
          <span>{t('help.log')}</span>
        </label>
        {file && (
          <p className={error || file.state === 'failed' ? 'form-error' : 'form-hint'} role={error ? 'alert' : undefined}>
            {state}
          </p>
        )}
      </div>
      {song && (
        <label className="check">
          <input type="checkbox" checked={draft.song} disabled={disabled} onChange={(event) => feedbackForm.update({ song: event.currentTarget.checked })} />
          <span>{playing ? t('help.songNamed', playing) : t('help.song')}</span>
        </label>
      )}
    </>
  );
}
