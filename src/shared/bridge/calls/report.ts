/** The bridge call of /k-report (docs/bridge.md): the comment the app names. */
import * as v from 'valibot';
import { id } from '../schemas';
import { querySpec } from '../spec';

const opt = v.optional;

/** @example v.parse(reportInfo, { commentId: 9, content: 'hi' }) */
export const reportInfo = v.object({ commentId: opt(id), content: opt(v.string()), author: opt(v.string()), songId: opt(id) });

export const getKReportInfo = querySpec('getKReportInfo', reportInfo, {});
