/**
 * What can be reported or appealed, and the reasons offered for each: one list for the pages (which
 * label each reason `report.<reason>`) and the reference server (which refuses any other).
 */
import { isContentId } from '../id';

/** A comment (/k-report) or other content (/k-feedback). */
export const TARGET_TYPES = ['comment', 'song', 'lyrics', 'playlist', 'user'] as const;
export type TargetType = (typeof TARGET_TYPES)[number];

/**
 * Every report reason; `other` needs a description (there is nothing else to go on). Each one's words
 * are the message `report.<reason>` (`report.spam`), as an error code's are `error.<code>`.
 */
export const REPORT_REASONS = [
  'spam',
  'abuse',
  'sexual',
  'violence',
  'illegal',
  'fraud',
  'minors',
  'infringement',
  'inaccurate',
  'impersonation',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** The reasons that make sense for each kind of content, in the order the page lists them. */
export const REASONS_BY_TYPE: Record<TargetType, readonly ReportReason[]> = {
  comment: ['spam', 'abuse', 'sexual', 'violence', 'illegal', 'fraud', 'minors', 'other'],
  song: ['infringement', 'sexual', 'violence', 'illegal', 'inaccurate', 'other'],
  lyrics: ['inaccurate', 'sexual', 'violence', 'illegal', 'infringement', 'other'],
  playlist: ['spam', 'sexual', 'violence', 'illegal', 'infringement', 'other'],
  user: ['impersonation', 'spam', 'abuse', 'sexual', 'fraud', 'minors', 'other'],
};

/** Why the user thinks a removal or restriction was wrong. */
export const APPEAL_REASONS = ['misjudged', 'context', 'hacked', 'other'] as const;
export type AppealReason = (typeof APPEAL_REASONS)[number];

/** What may be appealed: a removed comment of the user's, or a restriction on the account. */
export const SUBJECT_KINDS = ['comment', 'restriction'] as const;

/**
 * Does this reason need a description? `other` says nothing by itself.
 * @example needsDescription('other') // true
 */
export const needsDescription = (reason: ReportReason | AppealReason): boolean => reason === 'other';

/** What a report page is about, before the backend has confirmed it exists. */
export interface ReportTarget {
  type: TargetType;
  id: string;
  /** What the host says of it (the comment's text and author): shown at once, the backend's answer replaces it. */
  title?: string;
  detail?: string;
}

/** The host's comment (getKReportInfo), as the bridge parsed it: every field may be missing. */
interface HostComment {
  commentId?: string | number;
  content?: string;
  author?: string;
  songId?: string | number;
}

const CONTENT_TYPES: readonly TargetType[] = ['song', 'lyrics', 'playlist', 'user'];
const idOf = (value: unknown) => (typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value);

/**
 * /k-report reports the comment the host names; /k-feedback reports the content named by the query
 * (`type` = song, lyrics, playlist or user, and `id`), where a song or its lyrics may take the host's
 * `songId` when the query has no id. Anything outside the allow-lists is no target (the page says so).
 * @example reportTarget('comment', '', { commentId: 9, content: 'hi' }) // { type: 'comment', id: '9', title: 'hi' }
 * @example reportTarget('content', '?type=lyrics', { songId: 's01' }) // { type: 'lyrics', id: 's01' }
 * @example reportTarget('content', '?type=album&id=1', {}) // null
 */
export function reportTarget(page: 'comment' | 'content', search: string, host: HostComment): ReportTarget | null {
  if (page === 'comment') {
    const id = idOf(host.commentId);
    if (!isContentId(id)) return null;
    const target: ReportTarget = { type: 'comment', id };
    if (host.content) target.title = host.content;
    if (host.author) target.detail = host.author;
    return target;
  }
  const query = new URLSearchParams(search);
  const type = CONTENT_TYPES.find((t) => t === query.get('type'));
  if (!type) return null;
  const id = query.get('id') ?? (type === 'song' || type === 'lyrics' ? idOf(host.songId) : undefined);
  return isContentId(id) ? { type, id } : null;
}
