/** The words of each report reason: the form's (./parts/ReportForm) and its preview's (../KReport). */
import type { MessageKey } from '../../i18n';
import type { ReportReason } from '../../lib/report/reasons';

export const REASON_KEY: Record<ReportReason, MessageKey> = {
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
