/**
 * The follow-up form under a feedback's thread, rendered from its model (src/lib/help/follow-up.ts):
 * one message, under 400 characters, sent once, kept in a draft until sent. Loaded by MyDetail while
 * the feedback is fetched.
 */
import { useStore } from '../../ui/use-store';
import { followUp, openFollowUp, type ThreadMessage } from '../../../lib/help/follow-up';
import { SubmitBar } from '../../forms/parts/SubmitBar';
import { TextBox } from '../../forms/parts/TextBox';
import { onSubmit, sendThen, useOpenForm } from '../../forms/use-form';
import '../../forms/forms.css';
import { usePage } from '../../ui/page';

export type Message = ThreadMessage;

export function FollowUp({ feedbackId, onSent }: { feedbackId: string; onSent: (message: Message) => void }) {
  const { t, signedIn: ready } = usePage();
  const draft = useStore(followUp.$values);
  const errors = useStore(followUp.$errors);
  const busy = useStore(followUp.$busy);
  useOpenForm(() => openFollowUp(feedbackId), [feedbackId]);

  return (
    <form className="feedback" noValidate onSubmit={onSubmit(sendThen(followUp.submit, followUp.$result, onSent), followUp.$errors, [['text', '#follow-up']])}>
      <TextBox
        id="follow-up"
        label={t('help.followUpLabel')}
        placeholder={t('help.followUpPlaceholder')}
        value={draft.text}
        onInput={(text) => followUp.update({ text })}
        error={errors.text ? t(errors.text) : null}
        disabled={busy || !ready}
      />
      <SubmitBar error={errors.submit && t(errors.submit)} busy={busy} disabled={busy || !ready} label={t('help.send')} />
    </form>
  );
}
