/**
 * The report form of /k-report and /k-feedback: a reason offered for the content's type, and a
 * description, optional unless the reason is "other". The draft, one per reported content, survives
 * a reload until it is sent.
 */
import type { MessageKey } from '../../shared/message-key';
import * as v from 'valibot';
import { messageKey } from '../api';
import { request } from '../request';
import { reportSubmit } from '../../shared/api/endpoints/report-submit';
import { draftAttempt, draftChoice, draftText } from '../forms/draft-fields';
import { createForm } from '../forms/form';
import { checkText } from '../../shared/forms/rules';
import { randomId } from '../../shared/id';
import { REASONS_BY_TYPE, REPORT_REASONS, needsDescription, type ReportReason, type ReportTarget } from '../../shared/report/reasons';
import type { ReportOutcome } from './report';

export type { ReportReason } from '../../shared/report/reasons';

interface ReportDraft {
  reason: ReportReason | null;
  text: string;
  /** One key per report: a retry after a lost answer is the same report on the server. */
  attempt: string;
}

let target: ReportTarget | null = null;

/** @example reportForm.update({ reason: 'spam' }); await reportForm.submit() && reportForm.$result.get() // { state: 'sent', duplicate: false } */
export const reportForm = createForm<ReportDraft, { reason: ReportReason; description: string }, ReportOutcome, 'reason' | 'text'>({
  schema: v.object({ reason: draftChoice(REPORT_REASONS), text: draftText, attempt: draftAttempt }),
  empty: () => ({ reason: null, text: '', attempt: randomId() }),
  check: ({ reason, text }) => {
    const checked = checkText(text, { required: !!reason && needsDescription(reason) });
    if (reason && checked.ok) return { ok: true, value: { reason, description: checked.text } };
    const errors: Partial<Record<'reason' | 'text', MessageKey>> = {};
    if (!reason) errors.reason = 'form.reasonRequired';
    if (!checked.ok) errors.text = checked.error === 'form.required' ? 'report.describeOther' : checked.error;
    return { ok: false, errors };
  },
  async send(checked, { attempt }) {
    const { type, id } = target!;
    try {
      const { duplicate } = await request(reportSubmit, { type, id, ...checked, attempt });
      return { state: 'sent', duplicate };
    } catch (error) {
      // Removed while the user wrote: nothing left to report, and the draft goes with it.
      if (messageKey(error) !== 'error.contentGone') throw error;
      return { state: 'gone' };
    }
  },
});

/**
 * The form for this content, with its draft (the key names the content, known once the host and the
 * backend answered).
 * @example openReport({ type: 'song', id: 's03' })
 */
export function openReport(named: ReportTarget): void {
  target = named;
  reportForm.open(`report:${named.type}:${named.id}`);
}

/** @example reasonsFor('song') // ['infringement', 'sexual', …] */
export const reasonsFor = (named: ReportTarget): readonly ReportReason[] => REASONS_BY_TYPE[named.type];
