/**
 * The feedback form of /feedback and /feedback2 (spec §3 fields, §5 rules): type, description,
 * attachments uploaded by the app, screenshots, contact, the important flag with its phone number,
 * a verification code when the backend asks for one, app logs, and (from the player) the song playing.
 * Every value is kept in a draft until sent; one tap sends once. Loaded by Feedback while the
 * form's options are fetched.
 */
import { useStore } from '@nanostores/preact';
import { useEffect, useState } from 'preact/hooks';
import '../../../lib/api-identity';
import { messageKey, request } from '../../../lib/api';
import type { DataOf } from '../../../lib/api/endpoint';
import { feedbackCode, feedbackConfig, feedbackSubmit } from '../../../lib/api/endpoints/feedback';
import { command, onHost } from '../../../lib/bridge';
import { field } from '../../../lib/forms/draft';
import { pickPictures } from '../../../lib/forms/pick-pictures';
import { readPictures, type Picture } from '../../../lib/forms/pictures';
import { onUploadEvent, type Upload } from '../../../lib/forms/upload';
import { checkFeedback, phoneRequired, type FeedbackField } from '../../../lib/help/feedback-rules';
import { FEEDBACK_TYPES, type FeedbackType } from '../../../lib/help/feedback-types';
import { $locale } from '../../../lib/i18n';
import { randomId } from '../../../lib/id';
import { ATTACHMENT_MAX } from '../../../lib/limits';
import { $session } from '../../../lib/session';
import { Choices } from '../../forms/parts/Choices';
import { Field } from '../../forms/parts/Field';
import { Screenshots } from '../../forms/parts/Screenshots';
import { SubmitBar } from '../../forms/parts/SubmitBar';
import { TextBox } from '../../forms/parts/TextBox';
import { Uploads } from '../../forms/parts/Uploads';
import { formText } from '../../forms/text';
import { focusFirst, useDraft, useSubmitOnce } from '../../forms/use-form';
import { useUploads } from '../../forms/use-uploads';
import { useText } from '../../ui/text';
import '../../forms/forms.css';
import '../../ui/controls.css';
import { helpText } from '../text';

export type Config = DataOf<typeof feedbackConfig>;

interface Draft {
  type: FeedbackType | null;
  description: string;
  contact: string;
  important: boolean;
  phone: string;
  code: string;
  /** Finished uploads only: one still running when the page reloads cannot be followed any more. */
  attachments: Upload[];
  pictures: Picture[];
  log: boolean;
  song: boolean;
  attempt: string;
}

type Errors = Partial<Record<FeedbackField | 'uploads' | 'pictures' | 'log' | 'submit', string>>;

const DRAFT_KEY = 'feedback';
const emptyDraft = (): Draft => ({
  type: null,
  description: '',
  contact: '',
  important: false,
  phone: '',
  code: '',
  attachments: [],
  pictures: [],
  log: false,
  song: true,
  attempt: randomId(),
});
const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object';
const readUploads = (value: unknown): Upload[] =>
  Array.isArray(value)
    ? value
        .filter(isObject)
        .filter((u) => u.state === 'done' && ['id', 'name', 'mime', 'url'].every((k) => typeof u[k] === 'string') && typeof u.size === 'number')
        .map((u) => ({ id: u.id as string, name: u.name as string, mime: u.mime as string, size: u.size as number, url: u.url as string, state: 'done' as const, progress: 100 }))
        .slice(0, ATTACHMENT_MAX)
    : [];
const readDraft = (raw: Record<string, unknown>): Draft | undefined => {
  const attempt = field.string(raw.attempt);
  if (attempt.length < 16) return undefined;
  return {
    type: field.oneOf(raw.type, FEEDBACK_TYPES),
    description: field.string(raw.description),
    contact: field.string(raw.contact),
    important: field.boolean(raw.important),
    phone: field.string(raw.phone),
    code: field.string(raw.code),
    attachments: readUploads(raw.attachments),
    pictures: readPictures(raw.pictures),
    log: field.boolean(raw.log),
    song: field.boolean(raw.song, true),
    attempt,
  };
};


interface Props {
  config: Config;
  /** Preselected from the query (/feedback2). */
  presetType: FeedbackType | null;
  /** The song playing when the form was opened from the player, or null. */
  song: string | null;
  onSent: () => void;
}

export function FeedbackForm({ config, presetType, song, onSent }: Props) {
  const t = useText({ ...helpText, ...formText });
  const locale = useStore($locale);
  const ready = useStore($session) === 'signed-in';
  const [errors, setErrors] = useState<Errors>({});
  const [draft, update, reset] = useDraft(DRAFT_KEY, () => ({ ...emptyDraft(), type: presetType }), readDraft);
  const [needsCode, setNeedsCode] = useState(config.codeRequired);
  const [resendAt, setResendAt] = useState(0);
  const [now, setNow] = useState(Date.now);
  const [log, setLog] = useState<Upload | null>(null);
  const files = useUploads(draft.attachments, (attachments) => update({ attachments: attachments.filter((u) => u.state === 'done') }));
  const options = { phoneOptional: config.phoneOptional, codeRequired: needsCode };

  // The draft is read once the page runs: its finished uploads join the list then.
  useEffect(() => files.restore(draft.attachments), [draft.attempt]);
  // The log is uploaded as soon as it is asked for (again after a reload, the file name being the attempt's).
  const logName = `feedback-${draft.attempt}.log`;
  useEffect(() => {
    if (!draft.log) return setLog(null);
    const off = onHost('uploadFileCallback', (event) => {
      if (String(event.id) === logName) setLog((current) => current && onUploadEvent(current, event));
    });
    setLog({ id: logName, name: logName, size: 0, mime: 'text/plain', state: 'uploading', progress: 0 });
    if (!command('uploadFeedbackLog', { logFileName: logName }).ok) setLog((current) => current && onUploadEvent(current, { status: 'failed' }));
    return off;
  }, [draft.log, logName]);
  // The resend countdown ticks only while it runs.
  useEffect(() => {
    if (resendAt <= now) return;
    const timer = setTimeout(() => setNow(Date.now()), 1000);
    return () => clearTimeout(timer);
  }, [resendAt, now]);

  const clear = (key: keyof Errors) => setErrors((e) => ({ ...e, [key]: undefined, submit: undefined }));

  const addScreenshots = async () => {
    clear('pictures');
    const { pictures, notice } = await pickPictures(draft.pictures);
    update({ pictures });
    if (notice) setErrors((e) => ({ ...e, pictures: t(notice) }));
  };


  const sendCode = async () => {
    const contact = draft.contact.trim();
    if (!contact) return setErrors((e) => ({ ...e, contact: t('error.contactEmpty') }));
    try {
      const { resendAfter } = await request(feedbackCode, { contact });
      setNow(Date.now());
      setResendAt(Date.now() + resendAfter * 1000);
      setErrors((e) => ({ ...e, code: undefined }));
    } catch (error) {
      setErrors((e) => ({ ...e, code: t(messageKey(error)) }));
    }
  };

  /** The rules, before anything is sent: the fields stay enabled, so focus can go to the first to fix. */
  const validate = () => {
    const checked = checkFeedback(draft, options);
    const found: Errors = checked.ok ? {} : Object.fromEntries(Object.entries(checked.errors).map(([k, key]) => [k, t(key)]));
    const unfinished = files.uploads.some((u) => u.state !== 'done' && u.state !== 'cancelled');
    if (unfinished) found.uploads = t('form.uploadUnfinished');
    if (draft.log && log?.state !== 'done') found.log = t(log?.state === 'failed' ? 'error.uploadFailed' : 'form.uploadUnfinished');
    // A refused picture's notice stays: it is about what was picked, not what is being sent.
    setErrors((current) => ({ ...found, pictures: current.pictures }));
    focusFirst([
      !!found.type && 'input[name="feedback-type"]',
      !!found.description && '#feedback-text',
      !!found.contact && '#feedback-contact',
      !!found.phone && '#feedback-phone',
      !!found.code && '#feedback-code',
    ]);
    if (!checked.ok || unfinished || found.log) return null;
    return {
      ...checked.value,
      important: draft.important,
      attachments: files.uploads.filter((u) => u.state === 'done').map(({ id, name, mime, size, url }) => ({ id, name, mime, size, url: url! })),
      screenshots: draft.pictures.map(({ id, name, mime, size }) => ({ id, name, mime, size })),
      log: draft.log ? log!.url! : null,
      song: song && draft.song ? song : null,
      locale,
      attempt: draft.attempt,
    };
  };

  const send = async (feedback: NonNullable<ReturnType<typeof validate>>) => {
    try {
      await request(feedbackSubmit, feedback);
      reset();
      onSent();
    } catch (error) {
      const key = messageKey(error);
      // The backend wants a code now: the field appears, and everything else stays as it is.
      if (key === 'error.codeRequired') setNeedsCode(true);
      // A wrong code, and one voided by too many wrong tries ("get a new code"), are the code field's.
      if (key === 'error.codeRequired' || key === 'error.codeError' || key === 'error.codeVoid') {
        setErrors({ code: t(key) });
        focusFirst(['#feedback-code']);
      } else setErrors({ submit: t(key) });
    }
  };
  const { busy, onSubmit } = useSubmitOnce(validate, send);
  const disabled = !ready || busy;
  const phoneNeeded = phoneRequired(draft.important, config);
  const wait = Math.ceil((resendAt - now) / 1000);

  return (
    <form class="feedback" noValidate onSubmit={onSubmit}>
      <Choices
        name="feedback-type"
        legend={t('help.typeLabel')}
        choices={config.types.map((type) => ({ id: type.id, label: type.label }))}
        value={draft.type}
        onChange={(type) => {
          update({ type: type as FeedbackType });
          clear('type');
        }}
        error={errors.type ?? null}
        disabled={disabled}
      />
      <TextBox
        id="feedback-text"
        label={t('help.descriptionLabel')}
        placeholder={t('help.descriptionPlaceholder')}
        value={draft.description}
        onInput={(description) => {
          update({ description });
          clear('description');
        }}
        error={errors.description ?? null}
        disabled={disabled}
      />
      <Uploads
        label={t('help.attachments')}
        hint={t('help.attachmentsHint')}
        uploads={files.uploads}
        max={ATTACHMENT_MAX}
        locale={locale}
        text={{
          add: { image: t('help.addPicture'), audio: t('help.addAudio'), video: t('help.addVideo') },
          cancel: t('help.cancelUpload'),
          retry: t('help.retryUpload'),
          remove: (name) => t('help.removeFile', { name }),
          uploading: (progress) => t('help.uploading', { progress }),
          done: t('help.uploaded'),
          cancelled: t('help.cancelled'),
        }}
        onAdd={(kind) => {
          clear('uploads');
          if (!files.add(kind)) setErrors((e) => ({ ...e, uploads: t('shell.openInAppHint') }));
        }}
        onCancel={files.cancel}
        onRetry={(upload) => {
          // The app has no "upload this file again": the picker opens again, in place of the failed one.
          files.remove(upload.id);
          files.add(upload.mime.split('/')[0] as 'image' | 'audio' | 'video');
        }}
        onRemove={(id) => {
          files.remove(id);
          clear('uploads');
        }}
        error={errors.uploads ?? null}
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
      <Field id="feedback-contact" label={t('form.contact')} hint={t('form.contactHint')} error={errors.contact}>
        <input
          id="feedback-contact"
          class="field"
          type="text"
          inputMode="email"
          autocomplete="email"
          placeholder={t('help.contactPlaceholder')}
          value={draft.contact}
          disabled={disabled}
          aria-invalid={errors.contact ? true : undefined}
          aria-describedby="feedback-contact-note"
          onInput={(event) => {
            update({ contact: event.currentTarget.value });
            clear('contact');
          }}
        />
      </Field>
      <label class="check">
        <input
          type="checkbox"
          checked={draft.important}
          disabled={disabled}
          onChange={(event) => {
            update({ important: event.currentTarget.checked });
            clear('phone');
          }}
        />
        <span>{t('help.important')}</span>
      </label>
      <Field
        id="feedback-phone"
        label={t('help.phoneLabel')}
        optional={phoneNeeded ? undefined : t('form.optional')}
        hint={phoneNeeded ? t('help.phoneHintRequired') : undefined}
        error={errors.phone}
      >
        <input
          id="feedback-phone"
          class="field"
          type="tel"
          inputMode="tel"
          autocomplete="tel"
          value={draft.phone}
          disabled={disabled}
          aria-invalid={errors.phone ? true : undefined}
          aria-describedby="feedback-phone-note"
          onInput={(event) => {
            update({ phone: event.currentTarget.value });
            clear('phone');
          }}
        />
      </Field>
      {needsCode && (
        <Field id="feedback-code" label={t('help.codeLabel')} hint={wait > 0 ? t('help.codeSent') : t('help.codeHint')} error={errors.code}>
          <div class="code-row">
            <input
              id="feedback-code"
              class="field"
              inputMode="numeric"
              autocomplete="one-time-code"
              maxLength={6}
              value={draft.code}
              disabled={disabled}
              aria-invalid={errors.code ? true : undefined}
              aria-describedby="feedback-code-note"
              onInput={(event) => {
                update({ code: event.currentTarget.value.replace(/\D/g, '').slice(0, 6) });
                clear('code');
              }}
            />
            <button type="button" class="chip" disabled={disabled || wait > 0} onClick={sendCode}>
              {wait > 0 ? t('help.resendIn', { seconds: wait }) : t('help.sendCode')}
            </button>
          </div>
        </Field>
      )}
      <div>
        <label class="check">
          <input
            type="checkbox"
            checked={draft.log}
            disabled={disabled}
            onChange={(event) => {
              update({ log: event.currentTarget.checked });
              clear('log');
            }}
          />
          <span>{t('help.log')}</span>
        </label>
        {log && (
          <p class={errors.log || log.state === 'failed' ? 'form-error' : 'form-hint'} role={errors.log ? 'alert' : undefined}>
            {errors.log ?? (log.state === 'done' ? t('help.logDone') : log.state === 'failed' ? t('error.uploadFailed') : t('help.logUploading', { progress: log.progress }))}
          </p>
        )}
      </div>
      {song && (
        <label class="check">
          <input type="checkbox" checked={draft.song} disabled={disabled} onChange={(event) => update({ song: event.currentTarget.checked })} />
          <span>{t('help.song')}</span>
        </label>
      )}
      <SubmitBar error={errors.submit} busy={busy} disabled={disabled} track="feedback.submit" />
    </form>
  );
}
