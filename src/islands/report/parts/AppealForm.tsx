/**
 * The appeal form of /k-appeal, rendered from its model (src/lib/report/appeal-form.ts): what is
 * appealed (of the subjects not yet appealed), why, an explanation, up to five screenshots from the
 * app, and a phone number or e-mail to reply to. Loaded by KAppeal while the subjects are fetched, so
 * the page's first load carries none of it.
 */
import type { MessageKey } from '../../../i18n';
import { useStore } from '../../ui/use-store';
import type { ComponentChildren } from 'preact';
import { $open, type Subject } from '../../../lib/report/appeal';
import { $chosen, appealForm, openAppeal, screenshots, type AppealReason } from '../../../lib/report/appeal-form';
import { APPEAL_REASONS } from '../../../shared/report/reasons';
import { Choices } from '../../forms/parts/Choices';
import { Field } from '../../forms/parts/Field';
import { Input } from '../../forms/parts/Input';
import { Screenshots } from '../../forms/parts/Screenshots';
import { SubmitBar } from '../../forms/parts/SubmitBar';
import { TextBox } from '../../forms/parts/TextBox';
import { onSubmit, useOpenForm } from '../../forms/use-form';
import '../../forms/forms.css';
import '../../ui/controls.css';
import { usePage } from '../../ui/page';

const APPEAL_REASON_KEY: Record<AppealReason, MessageKey> = {
  misjudged: 'report.appealMisjudged',
  context: 'report.appealContext',
  hacked: 'report.appealHacked',
  other: 'report.appealOther',
};

const submit = onSubmit(appealForm.submit, appealForm.$errors, [
  ['subject', 'input[name="subject"]'],
  ['reason', 'input[name="appeal-reason"]'],
  ['text', '#appeal-text'],
  ['contact', '#appeal-contact'],
]);

interface Props {
  /** Describes a subject on its choice (a date, the removed text). */
  describe: (subject: Subject) => ComponentChildren;
  labelOf: (subject: Subject) => string;
}

export function AppealForm({ describe, labelOf }: Props) {
  const { t, signedIn: ready } = usePage();
  const open = useStore($open);
  const chosen = useStore($chosen);
  const draft = useStore(appealForm.$values);
  const errors = useStore(appealForm.$errors);
  const busy = useStore(appealForm.$busy);
  useOpenForm(() => openAppeal(new URLSearchParams(location.search).get('subject')), []);
  const disabled = !ready || busy;
  const error = (key: MessageKey | undefined) => (key ? t(key) : null);

  return (
    <form className="report" noValidate onSubmit={submit}>
      <Choices
        name="subject"
        legend={t('report.subjectTitle')}
        choices={open.map((s) => ({ id: s.id, label: labelOf(s), detail: describe(s) }))}
        value={chosen?.id ?? null}
        onChange={(subjectId) => appealForm.update({ subjectId })}
        error={error(errors.subject)}
        disabled={disabled}
      />
      <Choices
        name="appeal-reason"
        legend={t('report.appealReasonTitle')}
        choices={APPEAL_REASONS.map((id) => ({ id, label: t(APPEAL_REASON_KEY[id]) }))}
        value={draft.reason}
        onChange={(reason) => appealForm.update({ reason: reason as AppealReason })}
        error={error(errors.reason)}
        disabled={disabled}
      />
      <TextBox
        id="appeal-text"
        label={t('report.appealDescriptionLabel')}
        placeholder={t('report.appealDescriptionPlaceholder')}
        value={draft.text}
        onInput={(text) => appealForm.update({ text })}
        error={error(errors.text)}
        disabled={disabled}
      />
      <Screenshots pictures={draft.pictures} onAdd={screenshots.add} onRemove={screenshots.remove} notice={error(errors.pictures)} disabled={disabled} />
      <Field id="appeal-contact" label={t('form.contact')} hint={t('form.contactHint')} error={errors.contact && t(errors.contact)}>
        <Input
          id="appeal-contact"
          type="text"
          inputMode="email"
          autoComplete="email"
          value={draft.contact}
          disabled={disabled}
          invalid={!!errors.contact}
          onValue={(contact) => appealForm.update({ contact })}
        />
      </Field>
      <SubmitBar error={errors.submit && t(errors.submit)} busy={busy} disabled={disabled} track="appeal.submit" />
    </form>
  );
}
