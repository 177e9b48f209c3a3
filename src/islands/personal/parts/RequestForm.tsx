/**
 * The request form of /private.html, rendered from its model (src/lib/personal/request.ts): the
 * e-mail (kept in a draft), a code the app sends to it (resend after 60 s), a six-digit password typed
 * twice that cannot be changed once set (said before sending; never saved anywhere). Loaded by
 * Private while it asks whether a request is allowed today.
 */
import type { MessageKey } from '../../../i18n';
import { useStore } from '../../ui/use-store';
import { $codeSentTo, openRequest, requestForm, resend, sendCode, submitRequest } from '../../../lib/personal/request';
import { $selfInfo } from '../../../lib/stores/self-info';
import { Field } from '../../forms/parts/Field';
import { Input } from '../../forms/parts/Input';
import { SubmitBar } from '../../forms/parts/SubmitBar';
import { focusFirst, onSubmit, sendThen, useOpenForm } from '../../forms/use-form';
import '../../forms/forms.css';
import '../../ui/controls.css';
import { userTimeZone } from '../../../lib/personal/time-zone';
import { Digits } from './Digits';
import { usePage } from '../../ui/page';

export function RequestForm({ onLimit, onSent }: { onLimit: () => void; onSent: (email: string) => void }) {
  const { t, session } = usePage();
  const timeZone = userTimeZone(useStore($selfInfo).dev_timezone);
  const values = useStore(requestForm.$values);
  const errors = useStore(requestForm.$errors);
  const busy = useStore(requestForm.$busy);
  const codeSentTo = useStore($codeSentTo);
  const wait = useStore(resend.$left);
  useOpenForm(() => openRequest(onLimit), []);
  const disabled = busy || session !== 'signed-in';
  const error = (key: MessageKey | undefined) => key && t(key);
  const submit = onSubmit(
    sendThen(() => submitRequest(timeZone), requestForm.$result, onSent),
    requestForm.$errors,
    [
      ['email', '#private-email'],
      ['code', '#private-code'],
      ['password', '#private-password'],
    ],
  );

  return (
    <form className="personal-form" noValidate onSubmit={submit}>
      <Field
        id="private-email"
        label={t('personal.emailLabel')}
        error={error(errors.email)}
        hint={codeSentTo ? t('personal.codeSent', { email: codeSentTo }) : undefined}
      >
        <div className="code-row">
          <Input
            id="private-email"
            type="email"
            inputMode="email"
            autoComplete="email"
            value={values.email}
            disabled={disabled}
            invalid={!!errors.email}
            onValue={(email) => requestForm.update({ email })}
          />
          <button type="button" className="chip" disabled={disabled || wait > 0} onClick={() => sendCode() || focusFirst(['#private-email'])}>
            {wait > 0 ? t('personal.resendIn', { seconds: wait }) : t('personal.sendCode')}
          </button>
        </div>
      </Field>
      <Digits
        id="private-code"
        label={t('personal.codeLabel')}
        value={values.code}
        onInput={(code) => requestForm.update({ code })}
        error={error(errors.code)}
        autoComplete="one-time-code"
        disabled={disabled}
      />
      <Digits
        id="private-password"
        label={t('personal.passwordLabel')}
        value={values.password}
        onInput={(password) => requestForm.update({ password })}
        error={error(errors.password)}
        hint={t('personal.passwordHint')}
        secret
        disabled={disabled}
      />
      <Digits
        id="private-again"
        label={t('personal.passwordAgain')}
        value={values.again}
        onInput={(again) => requestForm.update({ again })}
        error={undefined}
        secret
        disabled={disabled}
      />
      <SubmitBar error={errors.submit && t(errors.submit)} busy={busy} disabled={disabled} label={t('personal.submit')} track="personal.export" />
    </form>
  );
}
