/**
 * Sending a report, from the report form, which loads after the page: apart from
 * ./report.ts (what the page checks as it opens), so that the page's first load carries none of it.
 * Times are Unix seconds; reasons are the list of src/shared/report/reasons.ts.
 */
import * as v from 'valibot';
import { REPORT_REASONS } from '../../report/reasons';
import { endpoint } from '../endpoint';
import { attempt, contentId, description, targetType } from './report';

const int = v.pipe(v.number(), v.integer());

export const reportState = v.picklist(['received', 'reviewing', 'closed']);

export const report = v.object({ id: v.string(), state: reportState, createdAt: int });

/**
 * Sends a report, once per `attempt` (a double tap or a retry answers the first report). A second
 * report by the same user on the same content while the first is open answers that one with
 * `duplicate: true`. Refused with `contentGone` (gone meanwhile) or `badRequest` (a reason not offered
 * for the type, `other` without a description, a description of 400 characters or more).
 */
export const reportSubmit = endpoint(
  '/api/report',
  v.object({ type: targetType, id: contentId, reason: v.picklist(REPORT_REASONS), description, attempt }),
  v.object({ report, duplicate: v.boolean() }),
);
