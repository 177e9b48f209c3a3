/**
 * Reports of comments and other content: what is reported, checked as the page opens.
 * Target types are the list of src/shared/report/reasons.ts; descriptions follow the text rule of
 * src/shared/forms/rules.ts (trimmed, under 400 characters), checked again here. The report itself,
 * sent from the form (loaded later), is ./report-submit.ts; appeals are ./appeal.ts.
 */
import * as v from 'valibot';
import { LOCALES } from '../../locale';
import { TARGET_TYPES } from '../../report/reasons';
import { endpoint } from '../endpoint';

/** An id as the backend writes them: the host's and the query's are checked against it. */
export const contentId = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_.:-]{1,64}$/));
/** A request's idempotency key: the same key is the same report or appeal. */
export const attempt = v.pipe(v.string(), v.minLength(16), v.maxLength(64));
/** Longer than the rule allows (it counts code points, this counts UTF-16 units): the server's rule check answers the precise refusal. */
export const description = v.pipe(v.string(), v.maxLength(4000));

export const targetType = v.picklist(TARGET_TYPES);

/** What the user is reporting, as the backend knows it: the text to show beside the form. */
export const target = v.object({
  type: targetType,
  id: v.string(),
  /** The comment's text, the song's or playlist's name; null for a user (names are the app's to show). */
  title: v.nullable(v.string()),
  /** The comment's author, the song's artist; null when there is none. */
  detail: v.nullable(v.string()),
});

/**
 * The content to report, refused with `contentGone` when it was removed or never existed; a playlist
 * named in the page's locale where the catalogue has that name (as /api/music/lists names it).
 */
export const reportTarget = endpoint(
  '/api/report/target',
  v.object({ type: targetType, id: contentId, locale: v.optional(v.picklist(LOCALES)) }),
  v.object({ target }),
);
