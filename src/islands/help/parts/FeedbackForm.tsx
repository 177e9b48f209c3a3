/**
 * The feedback form of /feedback and /feedback2 (spec §3 fields, §5 rules), rendered from its model
 * (src/lib/help/feedback-form.ts): type, description, attachments, screenshots, contact with the
 * phone and code (./FeedbackContact), app logs and the song playing (./FeedbackExtras). Loaded by
 * Feedback while the form's options are fetched.
 */
import type { MessageKey } from '../../../i18n';
import { useStore } from '../../ui/use-store';
import type { FeedbackConfig, FeedbackType } from '../../../lib/help/feedback';
import { feedbackForm, openFeedback, screenshots, type FeedbackFormField } from '../../../lib/help/feedback-form';
import { Choices } from '../../forms/parts/Choices';
import { Screenshots } from '../../forms/parts/Screenshots';
import { SubmitBar } from '../../forms/parts/SubmitBar';
import { TextBox } from '../../forms/parts/TextBox';
import { onSubmit, sendThen, useOpenForm } from '../../forms/use-form';
import '../../forms/forms.css';
import '../../ui/controls.css';
import { FeedbackContact } from './FeedbackContact';
import { FeedbackExtras } from './FeedbackExtras';
import { FeedbackFiles } from './FeedbackFiles';
import { usePage } from '../../ui/page';

interface Props {
  config: FeedbackConfig;
  /** Preselected from the query (/feedback2). */
  presetType: FeedbackType | null;
  /** The song playing when the form was opened from the player, or null. */
  song: string | null;
  onSent: () => void;
}

// The fields in the order focus looks for the first to fix.
const FIELDS: readonly (readonly [FeedbackFormField, string])[] = [
  ['type', 'input[name="feedback-type"]'],
  ['description', '#feedback-text'],
  ['contact', '#feedback-contact'],
  ['phone', '#feedback-phone'],
  ['code', '#feedback-code'],
];

export function FeedbackForm({ config, presetType, song, onSent }: Props) {
  const { t, signedIn: ready } = usePage();
  const draft = useStore(feedbackForm.$values);
  const errors = useStore(feedbackForm.$errors);
  const busy = useStore(feedbackForm.$busy);
  useOpenForm(() => openFeedback(config, { presetType, song }), []);
  const disabled = !ready || busy;
  const error = (key: MessageKey | undefined) => (key ? t(key) : null);
  const submit = onSubmit(sendThen(feedbackForm.submit, feedbackForm.$result, onSent), feedbackForm.$errors, FIELDS);

  return (
    <form className="feedback" noValidate onSubmit={submit}>
      <Choices
        name="feedback-type"
        legend={t('help.typeLabel')}
        choices={config.types.map((type) => ({ id: type.id, label: type.label }))}
        value={draft.type}
        onChange={(type) => feedbackForm.update({ type: type as FeedbackType })}
        error={error(errors.type)}
        disabled={disabled}
      />
      <TextBox
        id="feedback-text"
        label={t('help.descriptionLabel')}
        placeholder={t('help.descriptionPlaceholder')}
        value={draft.description}
        onInput={(description) => feedbackForm.update({ description })}
        error={error(errors.description)}
        disabled={disabled}
      />
      <FeedbackFiles error={error(errors.uploads)} disabled={disabled} />
      <Screenshots pictures={draft.pictures} onAdd={screenshots.add} onRemove={screenshots.remove} notice={error(errors.pictures)} disabled={disabled} />
      <FeedbackContact phoneOptional={config.phoneOptional} disabled={disabled} />
      <FeedbackExtras song={song !== null} disabled={disabled} />
      <SubmitBar error={errors.submit && t(errors.submit)} busy={busy} disabled={disabled} track="feedback.submit" />
    </form>
  );
}
