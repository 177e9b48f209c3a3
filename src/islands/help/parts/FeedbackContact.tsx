/**
 * The feedback form's ways back to the user: the contact, the important flag with its phone number
 * (required for an important question unless the backend says otherwise in the locale), and the
 * verification code with its resend wait when the backend asks for one.
 */
import type { MessageKey } from '../../../i18n';
import { useStore } from '../../ui/use-store';
import { $needsCode, feedbackForm, resend, sendCode } from '../../../lib/help/feedback-form';
import { phoneRequired } from '../../../shared/help/feedback-rules';
import { Field } from '../../forms/parts/Field';
import { Input } from '../../forms/parts/Input';
import { usePage } from '../../ui/page';

export function FeedbackContact({ phoneOptional, disabled }: { phoneOptional: boolean; disabled: boolean }) {
  const { t } = usePage();
  const draft = useStore(feedbackForm.$values);
  const errors = useStore(feedbackForm.$errors);
  const needsCode = useStore($needsCode);
  const wait = useStore(resend.$left);
  const phoneNeeded = phoneRequired(draft.important, { phoneOptional });
  const error = (key: MessageKey | undefined) => key && t(key);

  return (
    <>
      <Field id="feedback-contact" label={t('form.contact')} hint={t('form.contactHint')} error={error(errors.contact)}>
        <Input
          id="feedback-contact"
          type="text"
          inputMode="email"
          autoComplete="email"
          placeholder={t('help.contactPlaceholder')}
          value={draft.contact}
          disabled={disabled}
          invalid={!!errors.contact}
          onValue={(contact) => feedbackForm.update({ contact })}
        />
      </Field>
      <label className="check">
        <input
          type="checkbox"
          checked={draft.important}
          disabled={disabled}
          onChange={(event) => feedbackForm.update({ important: event.currentTarget.checked })}
        />
        <span>{t('help.important')}</span>
      </label>
      <Field
        id="feedback-phone"
        label={t('help.phoneLabel')}
        optional={phoneNeeded ? undefined : t('form.optional')}
        hint={phoneNeeded ? t('help.phoneHintRequired') : undefined}
        error={error(errors.phone)}
      >
        <Input
          id="feedback-phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          value={draft.phone}
          disabled={disabled}
          invalid={!!errors.phone}
          onValue={(phone) => feedbackForm.update({ phone })}
        />
      </Field>
      {needsCode && (
        <Field id="feedback-code" label={t('help.codeLabel')} hint={wait > 0 ? t('help.codeSent') : t('help.codeHint')} error={error(errors.code)}>
          <div className="code-row">
            <Input
              id="feedback-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={draft.code}
              disabled={disabled}
              invalid={!!errors.code}
              onValue={(code) => feedbackForm.update({ code: code.replace(/\D/g, '').slice(0, 6) })}
            />
            <button type="button" className="chip" disabled={disabled || wait > 0} onClick={() => void sendCode()}>
              {wait > 0 ? t('help.resendIn', { seconds: wait }) : t('help.sendCode')}
            </button>
          </div>
        </Field>
      )}
    </>
  );
}
