/**
 * The report form of /k-report and /k-feedback, rendered from its model (src/lib/report/report-form.ts):
 * a reason offered for the content's type, and a description, optional unless the reason is "other".
 * Loaded by KReport while the content is checked, so the page's first load carries none of it.
 */
import { useStore } from '../../ui/use-store';
import { needsDescription } from '../../../shared/report/reasons';
import type { ReportOutcome, ReportTarget } from '../../../lib/report/report';
import { openReport, reasonsFor, reportForm, type ReportReason } from '../../../lib/report/report-form';
import { Choices } from '../../forms/parts/Choices';
import { SubmitBar } from '../../forms/parts/SubmitBar';
import { TextBox } from '../../forms/parts/TextBox';
import { onSubmit, sendThen, useOpenForm } from '../../forms/use-form';
import '../../forms/forms.css';
import { usePage } from '../../ui/page';

interface Props {
  target: ReportTarget;
  /** Sent (perhaps again), or the content was removed meanwhile. */
  onDone: (outcome: ReportOutcome) => void;
}

export function ReportForm({ target, onDone }: Props) {
  const { t, signedIn: ready } = usePage();
  const draft = useStore(reportForm.$values);
  const errors = useStore(reportForm.$errors);
  const busy = useStore(reportForm.$busy);
  useOpenForm(() => openReport(target), [target.type, target.id]);
  const disabled = !ready || busy;
  const submit = onSubmit(sendThen(reportForm.submit, reportForm.$result, onDone), reportForm.$errors, [
    ['reason', 'input[name="reason"]'],
    ['text', '#report-text'],
  ]);

  return (
    <form className="report" noValidate onSubmit={submit}>
      <Choices
        name="reason"
        legend={t('report.reasonTitle')}
        choices={reasonsFor(target).map((id) => ({ id, label: t(`report.${id}` as const) }))}
        value={draft.reason}
        onChange={(reason) => reportForm.update({ reason: reason as ReportReason })}
        error={errors.reason ? t(errors.reason) : null}
        disabled={disabled}
      />
      <TextBox
        id="report-text"
        label={t('report.descriptionLabel')}
        optional={!draft.reason || !needsDescription(draft.reason)}
        placeholder={t('report.descriptionPlaceholder')}
        value={draft.text}
        onInput={(text) => reportForm.update({ text })}
        error={errors.text ? t(errors.text) : null}
        disabled={disabled}
      />
      <SubmitBar error={errors.submit && t(errors.submit)} busy={busy} disabled={disabled} track="report.submit" />
    </form>
  );
}
