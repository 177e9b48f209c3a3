/**
 * The appeal form of /k-appeal: what is appealed (of the subjects not yet appealed), why, an
 * explanation, up to five screenshots from the app, and a phone number or e-mail to reply to. The
 * draft, screenshots included, survives a reload until it is sent. Loaded by KAppeal while the
 * subjects are fetched, so the page's first load carries none of it.
 */
import { useStore } from '@nanostores/preact';
import { useState } from 'preact/hooks';
import type { ComponentChildren } from 'preact';
import '../../../lib/api-identity';
import { messageKey, request } from '../../../lib/api';
import type { DataOf } from '../../../lib/api/endpoint';
import { appealStatus, appealSubmit } from '../../../lib/api/endpoints/appeal';
import { checkContact } from '../../../lib/forms/contact';
import { field } from '../../../lib/forms/draft';
import { pickPictures } from '../../../lib/forms/pick-pictures';
import { readPictures, type Picture } from '../../../lib/forms/pictures';
import { checkText } from '../../../lib/forms/rules';
import { $session } from '../../../lib/session';
import { randomId } from '../../../lib/id';
import { APPEAL_REASONS, type AppealReason } from '../../../lib/report/reasons';
import { Choices } from '../../forms/parts/Choices';
import { Field } from '../../forms/parts/Field';
import { Screenshots } from '../../forms/parts/Screenshots';
import { SubmitBar } from '../../forms/parts/SubmitBar';
import { TextBox } from '../../forms/parts/TextBox';
import { formText } from '../../forms/text';
import { focusFirst, useDraft, useSubmitOnce } from '../../forms/use-form';
import { useText } from '../../ui/text';
import '../../forms/forms.css';
import '../../ui/controls.css';
import { reportText } from '../text';

export type Subject = DataOf<typeof appealStatus>['subjects'][number];

interface Draft {
  subjectId: string | null;
  reason: AppealReason | null;
  text: string;
  contact: string;
  pictures: Picture[];
  /** One key per appeal: a retry after a lost answer is the same appeal on the server. */
  attempt: string;
}

const DRAFT_KEY = 'appeal';
const emptyDraft = (): Draft => ({ subjectId: null, reason: null, text: '', contact: '', pictures: [], attempt: randomId() });
const readDraft = (raw: Record<string, unknown>): Draft | undefined => {
  const attempt = field.string(raw.attempt);
  if (attempt.length < 16) return undefined;
  return {
    subjectId: typeof raw.subjectId === 'string' ? raw.subjectId : null,
    reason: field.oneOf(raw.reason, APPEAL_REASONS),
    text: field.string(raw.text),
    contact: field.string(raw.contact),
    pictures: readPictures(raw.pictures),
    attempt,
  };
};

const APPEAL_REASON_KEY: Record<AppealReason, string> = {
  misjudged: 'report.appealMisjudged',
  context: 'report.appealContext',
  hacked: 'report.appealHacked',
  other: 'report.appealOther',
};

type Errors = Partial<Record<'subject' | 'reason' | 'text' | 'contact' | 'pictures' | 'submit', string>>;

interface Props {
  /** The subjects without an appeal, at least one. */
  open: Subject[];
  /** Describes a subject on its choice (a date, the removed text). */
  describe: (subject: Subject) => ComponentChildren;
  labelOf: (subject: Subject) => string;
  /** Sent: the page reloads the list, where the new appeal now shows. */
  onSent: () => void;
  /** Appealed meanwhile (another device): the page reloads the list. */
  onConflict: () => void;
}

export function AppealForm({ open, describe, labelOf, onSent, onConflict }: Props) {
  const t = useText({ ...reportText, ...formText });
  const ready = useStore($session) === 'signed-in';
  const [errors, setErrors] = useState<Errors>({});
  const [draft, update, reset] = useDraft(DRAFT_KEY, emptyDraft, readDraft);
  // A subject the draft or the query names is chosen only if it is still the user's to appeal.
  const named = new URLSearchParams(location.search).get('subject');
  const chosen = open.find((s) => s.id === draft.subjectId) ?? open.find((s) => s.id === named) ?? (open.length === 1 ? open[0] : undefined);

  const clear = (key: keyof Errors) => setErrors((e) => ({ ...e, [key]: undefined, submit: undefined }));

  const addScreenshots = async () => {
    clear('pictures');
    const { pictures, notice } = await pickPictures(draft.pictures);
    update({ pictures });
    if (notice) setErrors((e) => ({ ...e, pictures: t(notice) }));
  };


  /** The rules, before anything is sent: the fields stay enabled, so focus can go to the first to fix. */
  const validate = () => {
    const text = checkText(draft.text, { required: true });
    const contact = checkContact(draft.contact);
    const found: Errors = {
      subject: chosen ? undefined : t('report.subjectRequired'),
      reason: draft.reason ? undefined : t('form.reasonRequired'),
      text: text.ok ? undefined : t(text.error),
      contact: contact.ok ? undefined : t(contact.error),
    };
    // A refused picture's notice stays: it is about what was picked, not what is being sent.
    setErrors((current) => ({ ...found, pictures: current.pictures }));
    focusFirst([
      !!found.subject && 'input[name="subject"]',
      !!found.reason && 'input[name="appeal-reason"]',
      !!found.text && '#appeal-text',
      !!found.contact && '#appeal-contact',
    ]);
    if (!chosen || !draft.reason || !text.ok || !contact.ok) return null;
    return {
      subjectId: chosen.id,
      reason: draft.reason,
      description: text.text,
      contact: contact.value,
      screenshots: draft.pictures.map(({ id, name, mime, size }) => ({ id, name, mime, size })),
      attempt: draft.attempt,
    };
  };

  const send = async (appeal: NonNullable<ReturnType<typeof validate>>) => {
    try {
      await request(appealSubmit, appeal);
      reset();
      onSent();
    } catch (error) {
      // Everything typed stays, and the same attempt key makes the retry the same appeal.
      if (messageKey(error) === 'error.appealOpen') onConflict();
      setErrors({ submit: t(messageKey(error)) });
    }
  };
  const { busy, onSubmit } = useSubmitOnce(validate, send);
  const disabled = !ready || busy;

  return (
    <form class="report" noValidate onSubmit={onSubmit}>
      <Choices
        name="subject"
        legend={t('report.subjectTitle')}
        choices={open.map((s) => ({ id: s.id, label: labelOf(s), detail: describe(s) }))}
        value={chosen?.id ?? null}
        onChange={(subjectId) => {
          update({ subjectId });
          clear('subject');
        }}
        error={errors.subject ?? null}
        disabled={disabled}
      />
      <Choices
        name="appeal-reason"
        legend={t('report.appealReasonTitle')}
        choices={APPEAL_REASONS.map((id) => ({ id, label: t(APPEAL_REASON_KEY[id]) }))}
        value={draft.reason}
        onChange={(reason) => {
          update({ reason: reason as AppealReason });
          clear('reason');
        }}
        error={errors.reason ?? null}
        disabled={disabled}
      />
      <TextBox
        id="appeal-text"
        label={t('report.appealDescriptionLabel')}
        placeholder={t('report.appealDescriptionPlaceholder')}
        value={draft.text}
        onInput={(text) => {
          update({ text });
          clear('text');
        }}
        error={errors.text ?? null}
        disabled={disabled}
      />
      <Screenshots
        pictures={draft.pictures}
        onAdd={addScreenshots}
        onRemove={(id) => {
          update({ pictures: draft.pictures.filter((p) => p.id !== id) });
          clear('pictures');
        }}
        notice={errors.pictures ?? null}
        disabled={disabled}
      />
      <Field id="appeal-contact" label={t('form.contact')} hint={t('form.contactHint')} error={errors.contact}>
        <input
          id="appeal-contact"
          class="field"
          type="text"
          inputMode="email"
          autocomplete="email"
          value={draft.contact}
          disabled={disabled}
          aria-invalid={errors.contact ? true : undefined}
          aria-describedby="appeal-contact-note"
          onInput={(event) => {
            update({ contact: event.currentTarget.value });
            clear('contact');
          }}
        />
      </Field>
      <SubmitBar error={errors.submit} busy={busy} disabled={disabled} track="appeal.submit" />
    </form>
  );
}
