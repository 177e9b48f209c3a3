/**
 * The follow-up form under a feedback's thread: one message, under 400 characters, sent once, kept in
 * a draft until sent. Loaded by MyDetail while the feedback is fetched.
 */
import { useStore } from '@nanostores/preact';
import { useState } from 'preact/hooks';
import '../../../lib/api-identity';
import { messageKey, request } from '../../../lib/api';
import type { DataOf } from '../../../lib/api/endpoint';
import { feedbackFollowUp } from '../../../lib/api/endpoints/feedback';
import { field } from '../../../lib/forms/draft';
import { checkText } from '../../../lib/forms/rules';
import { randomId } from '../../../lib/id';
import { $session } from '../../../lib/session';
import { SubmitBar } from '../../forms/parts/SubmitBar';
import { TextBox } from '../../forms/parts/TextBox';
import { formText } from '../../forms/text';
import { focusFirst, useDraft, useSubmitOnce } from '../../forms/use-form';
import { useText } from '../../ui/text';
import '../../forms/forms.css';
import { helpText } from '../text';

export type Message = DataOf<typeof feedbackFollowUp>['message'];

interface Draft {
  text: string;
  /** One key per message: a retry after a lost answer is the same message on the server. */
  attempt: string;
}
const emptyDraft = (): Draft => ({ text: '', attempt: randomId() });
const readDraft = (raw: Record<string, unknown>): Draft | undefined => {
  const attempt = field.string(raw.attempt);
  return attempt.length >= 16 ? { text: field.string(raw.text), attempt } : undefined;
};

export function FollowUp({ feedbackId, onSent }: { feedbackId: string; onSent: (message: Message) => void }) {
  const t = useText({ ...helpText, ...formText });
  const ready = useStore($session) === 'signed-in';
  const [error, setError] = useState<{ text?: string; submit?: string }>({});
  const [draft, update, reset] = useDraft(`follow-up:${feedbackId}`, emptyDraft, readDraft);

  const validate = () => {
    const text = checkText(draft.text, { required: true });
    if (text.ok) return text.text;
    setError({ text: t(text.error) });
    focusFirst(['#follow-up']);
    return null;
  };
  const send = async (text: string) => {
    try {
      const { message } = await request(feedbackFollowUp, { id: feedbackId, text, attempt: draft.attempt });
      reset();
      setError({});
      onSent(message);
    } catch (e) {
      // The text stays, and the same attempt key makes the retry the same message.
      setError({ submit: t(messageKey(e)) });
    }
  };
  const { busy, onSubmit } = useSubmitOnce(validate, send);

  return (
    <form class="feedback" noValidate onSubmit={onSubmit}>
      <TextBox
        id="follow-up"
        label={t('help.followUpLabel')}
        placeholder={t('help.followUpPlaceholder')}
        value={draft.text}
        onInput={(text) => {
          update({ text });
          setError({});
        }}
        error={error.text ?? null}
        disabled={busy || !ready}
      />
      <SubmitBar error={error.submit} busy={busy} disabled={busy || !ready} label={t('help.send')} />
    </form>
  );
}
