/**
 * The request form of /private.html: the e-mail (kept in a draft), a code the app sends to it
 * (`sendPersonalInfoDownloadEmailCaptcha`, resend after 60 s), a six-digit password typed twice that
 * cannot be changed once set (said before sending; never saved anywhere). Loaded by Private while it
 * asks whether a request is allowed today.
 */
import { useStore } from '@nanostores/preact';
import { useEffect, useState } from 'preact/hooks';
import '../../../lib/api-identity';
import { messageKey, request } from '../../../lib/api';
import { exportRequest } from '../../../lib/api/endpoints/personal';
import { command } from '../../../lib/bridge';
import { field } from '../../../lib/forms/draft';
import { randomId } from '../../../lib/id';
import { checkEmail, checkPassword } from '../../../lib/personal/rules';
import { $session } from '../../../lib/session';
import { $selfInfo } from '../../../lib/stores/self-info';
import { Field } from '../../forms/parts/Field';
import { SubmitBar } from '../../forms/parts/SubmitBar';
import { formText } from '../../forms/text';
import { focusFirst, useDraft, useSubmitOnce } from '../../forms/use-form';
import { useText } from '../../ui/text';
import '../../forms/forms.css';
import '../../ui/controls.css';
import { personalText, userTimeZone } from '../text';

const RESEND_SECONDS = 60;

interface Draft {
  email: string;
  attempt: string;
}
const emptyDraft = (): Draft => ({ email: '', attempt: randomId() });
const readDraft = (raw: Record<string, unknown>): Draft | undefined => {
  const attempt = field.string(raw.attempt);
  return attempt.length >= 16 ? { email: field.string(raw.email), attempt } : undefined;
};

type Errors = Partial<Record<'email' | 'code' | 'password' | 'submit', string>>;

export function RequestForm({ onLimit, onSent }: { onLimit: () => void; onSent: (email: string) => void }) {
  const t = useText({ ...personalText, ...formText });
  const session = useStore($session);
  const timeZone = userTimeZone(useStore($selfInfo).dev_timezone);
  // Only the e-mail is a draft: a code expires, and a password is never written to storage.
  const [draft, update, reset] = useDraft('personal-request', emptyDraft, readDraft);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const [resendAt, setResendAt] = useState(0);
  const [now, setNow] = useState(Date.now);

  useEffect(() => {
    if (resendAt <= now) return;
    const timer = setTimeout(() => setNow(Date.now()), 1000);
    return () => clearTimeout(timer);
  }, [resendAt, now]);

  const sendCode = () => {
    const email = checkEmail(draft.email);
    if (!email.ok) {
      setErrors({ email: t(email.error) });
      return focusFirst(['#private-email']);
    }
    if (!command('sendPersonalInfoDownloadEmailCaptcha', { email: email.email }).ok) return setErrors({ code: t('shell.openInAppHint') });
    setErrors({});
    setCodeSentTo(email.email);
    setNow(Date.now());
    setResendAt(Date.now() + RESEND_SECONDS * 1000);
  };

  const validate = () => {
    const email = checkEmail(draft.email);
    const found: Errors = {
      email: email.ok ? undefined : t(email.error),
      code: code.trim() ? undefined : t('error.codeRequired'),
    };
    const passwordError = checkPassword(password, again);
    if (passwordError) found.password = t(passwordError);
    setErrors(found);
    focusFirst([!!found.email && '#private-email', !!found.code && '#private-code', !!found.password && '#private-password']);
    return email.ok && !found.code && !passwordError ? { email: email.email, code: code.trim(), password, timeZone, attempt: draft.attempt } : null;
  };
  const send = async (body: NonNullable<ReturnType<typeof validate>>) => {
    try {
      await request(exportRequest, body);
      reset();
      onSent(body.email);
    } catch (error) {
      const key = messageKey(error);
      // A wrong code, and one voided by too many wrong tries ("get a new code"), are the code field's.
      if (key === 'error.codeError' || key === 'error.codeVoid') {
        setErrors({ code: t(key) });
        return focusFirst(['#private-code']);
      }
      if (key === 'error.downloadLimit') onLimit();
      setErrors({ submit: t(key) });
    }
  };
  const { busy, onSubmit } = useSubmitOnce(validate, send);
  const disabled = busy || session !== 'signed-in';
  const clear = () => setErrors((e) => ({ ...e, code: undefined, password: undefined, submit: undefined }));
  const wait = Math.ceil((resendAt - now) / 1000);

  return (
    <form class="personal-form" noValidate onSubmit={onSubmit}>
      <Field
        id="private-email"
        label={t('personal.emailLabel')}
        error={errors.email}
        hint={codeSentTo ? t('personal.codeSent', { email: codeSentTo }) : undefined}
      >
        <div class="code-row">
          <input
            id="private-email"
            class="field"
            type="email"
            inputMode="email"
            autocomplete="email"
            value={draft.email}
            disabled={disabled}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby="private-email-note"
            onInput={(event) => {
              update({ email: event.currentTarget.value });
              setErrors((e) => ({ ...e, email: undefined, submit: undefined }));
            }}
          />
          <button type="button" class="chip" disabled={disabled || wait > 0} onClick={sendCode}>
            {wait > 0 ? t('personal.resendIn', { seconds: wait }) : t('personal.sendCode')}
          </button>
        </div>
      </Field>
      <Digits id="private-code" label={t('personal.codeLabel')} value={code} onInput={setCode} error={errors.code} autocomplete="one-time-code" disabled={disabled} clear={clear} />
      <Digits
        id="private-password"
        label={t('personal.passwordLabel')}
        value={password}
        onInput={setPassword}
        error={errors.password}
        hint={t('personal.passwordHint')}
        secret
        disabled={disabled}
        clear={clear}
      />
      <Digits id="private-again" label={t('personal.passwordAgain')} value={again} onInput={setAgain} error={undefined} secret disabled={disabled} clear={clear} />
      <SubmitBar error={errors.submit} busy={busy} disabled={disabled} label={t('personal.submit')} track="personal.export" />
    </form>
  );
}

interface DigitsProps {
  id: string;
  label: string;
  value: string;
  onInput: (value: string) => void;
  error: string | undefined;
  hint?: string;
  /** A password: hidden as typed, never offered for autofill of an old one. */
  secret?: boolean;
  autocomplete?: string;
  disabled: boolean;
  clear: () => void;
}

/** A six-digit field (the code, the password): only digits are kept; its note is the error, else the hint. */
function Digits({ id, label, value, onInput, error, hint, secret, autocomplete, disabled, clear }: DigitsProps) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <input
        id={id}
        class="field"
        type={secret ? 'password' : 'text'}
        inputMode="numeric"
        autocomplete={secret ? 'new-password' : autocomplete}
        maxLength={6}
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? `${id}-note` : undefined}
        onInput={(event) => {
          onInput(event.currentTarget.value.replace(/\D/g, '').slice(0, 6));
          clear();
        }}
      />
    </Field>
  );
}
