/**
 * The report form of /k-report and /k-feedback: a reason offered for the content's type, and a
 * description, optional unless the reason is "other". The draft survives a reload until it is sent.
 * Loaded by KReport while the content is checked, so the page's first load carries none of it.
 */
import { useStore } from '@nanostores/preact';
import { useState } from 'preact/hooks';
import '../../../lib/api-identity';
import { messageKey, request } from '../../../lib/api';
import { reportSubmit } from '../../../lib/api/endpoints/report';
import { field } from '../../../lib/forms/draft';
import { checkText } from '../../../lib/forms/rules';
import { randomId } from '../../../lib/id';
import { REASONS_BY_TYPE, REPORT_REASONS, needsDescription, type ReportReason, type ReportTarget } from '../../../lib/report/reasons';
import { $session } from '../../../lib/session';
import { Choices } from '../../forms/parts/Choices';
import { SubmitBar } from '../../forms/parts/SubmitBar';
import { TextBox } from '../../forms/parts/TextBox';
import { formText } from '../../forms/text';
import { focusFirst, useDraft, useSubmitOnce } from '../../forms/use-form';
import { useText } from '../../ui/text';
import '../../forms/forms.css';
import { reportText } from '../text';

interface Draft {
  reason: ReportReason | null;
  text: string;
  /** One key per report: a retry after a lost answer is the same report on the server. */
  attempt: string;
}

const emptyDraft = (): Draft => ({ reason: null, text: '', attempt: randomId() });
const readDraft = (raw: Record<string, unknown>): Draft | undefined => {
  const attempt = field.string(raw.attempt);
  return attempt.length >= 16 ? { reason: field.oneOf(raw.reason, REPORT_REASONS), text: field.string(raw.text), attempt } : undefined;
};

const REASON_KEY: Record<ReportReason, string> = {
  spam: 'report.reasonSpam',
  abuse: 'report.reasonAbuse',
  sexual: 'report.reasonSexual',
  violence: 'report.reasonViolence',
  illegal: 'report.reasonIllegal',
  fraud: 'report.reasonFraud',
  minors: 'report.reasonMinors',
  infringement: 'report.reasonInfringement',
  inaccurate: 'report.reasonInaccurate',
  impersonation: 'report.reasonImpersonation',
  other: 'report.reasonOther',
};

interface Props {
  target: ReportTarget;
  /** Sent; `duplicate` when an earlier report of the user's on it is still open. */
  onSent: (duplicate: boolean) => void;
  /** The content was removed meanwhile. */
  onGone: () => void;
}

export function ReportForm({ target, onSent, onGone }: Props) {
  const t = useText({ ...reportText, ...formText });
  const ready = useStore($session) === 'signed-in';
  const [errors, setErrors] = useState<{ reason?: string; text?: string; submit?: string }>({});
  const [draft, update, reset] = useDraft(`report:${target.type}:${target.id}`, emptyDraft, readDraft);

  /** The rules, before anything is sent: the fields stay enabled, so focus can go to the first to fix. */
  const validate = () => {
    const text = checkText(draft.text, { required: !!draft.reason && needsDescription(draft.reason) });
    const found = {
      reason: draft.reason ? undefined : t('form.reasonRequired'),
      text: text.ok ? undefined : t(text.error === 'form.required' ? 'report.describeOther' : text.error),
    };
    setErrors(found);
    focusFirst([!!found.reason && 'input[name="reason"]', !!found.text && '#report-text']);
    return draft.reason && text.ok ? { reason: draft.reason, description: text.text } : null;
  };

  const send = async (checked: { reason: ReportReason; description: string }) => {
    try {
      const answer = await request(reportSubmit, { type: target.type, id: target.id, ...checked, attempt: draft.attempt });
      reset();
      onSent(answer.duplicate);
    } catch (error) {
      if (messageKey(error) === 'error.contentGone') {
        reset();
        return onGone();
      }
      // Everything typed stays, and the same attempt key makes the retry the same report.
      setErrors({ submit: t(messageKey(error)) });
    }
  };
  const { busy, onSubmit } = useSubmitOnce(validate, send);
  const disabled = !ready || busy;

  return (
    <form class="report" noValidate onSubmit={onSubmit}>
      <Choices
        name="reason"
        legend={t('report.reasonTitle')}
        choices={REASONS_BY_TYPE[target.type].map((id) => ({ id, label: t(REASON_KEY[id]) }))}
        value={draft.reason}
        onChange={(reason) => {
          update({ reason: reason as ReportReason });
          setErrors((e) => ({ ...e, reason: undefined, submit: undefined }));
        }}
        error={errors.reason ?? null}
        disabled={disabled}
      />
      <TextBox
        id="report-text"
        label={t('report.descriptionLabel')}
        optional={!draft.reason || !needsDescription(draft.reason)}
        placeholder={t('report.descriptionPlaceholder')}
        value={draft.text}
        onInput={(text) => {
          update({ text });
          setErrors((e) => ({ ...e, text: undefined, submit: undefined }));
        }}
        error={errors.text ?? null}
        disabled={disabled}
      />
      <SubmitBar error={errors.submit} busy={busy} disabled={disabled} track="report.submit" />
    </form>
  );
}
