/**
 * Appeals of a removed comment or a restriction: what the user may appeal, each with its
 * appeal, and the appeal. Times are Unix seconds; the form rules are those of reports, plus the
 * contact (src/shared/forms/contact.ts) and screenshot (src/shared/forms/pictures.ts) rules.
 */
import * as v from 'valibot';
import { SCREENSHOT_MAX } from '../../limits';
import { APPEAL_REASONS, SUBJECT_KINDS } from '../../report/reasons';
import { endpoint } from '../endpoint';
import { attempt, contentId as id, description } from './report';

const int = v.pipe(v.number(), v.integer());

export const appealState = v.picklist(['submitted', 'reviewing', 'upheld', 'rejected']);

export const appeal = v.object({
  id: v.string(),
  reason: v.picklist(APPEAL_REASONS),
  state: appealState,
  createdAt: int,
  /** When the decision (`upheld`, `rejected`) was made; null before. */
  decidedAt: v.nullable(int),
});

/** A removed comment of the user's, or a restriction on the account, with its appeal if there is one. */
export const subject = v.object({
  id: v.string(),
  kind: v.picklist(SUBJECT_KINDS),
  /** The removed comment's text; null for a restriction. */
  text: v.nullable(v.string()),
  /** When the comment was removed or the restriction began. */
  at: int,
  /** When the restriction ends; null for a comment, or a restriction without an end. */
  until: v.nullable(int),
  /** One appeal per subject: once decided, the decision stands. */
  appeal: v.nullable(appeal),
});

/** The screenshot as the host picked it (acquirePicture): the host holds the file and uploads it with the appeal's id. */
export const screenshot = v.object({
  id,
  name: v.pipe(v.string(), v.maxLength(255)),
  mime: v.pipe(v.string(), v.maxLength(64)),
  size: v.pipe(v.number(), v.integer(), v.minValue(0)),
});

/** Everything the user may appeal, newest first, each with its appeal. */
export const appealStatus = endpoint('/api/appeal/status', v.object({}), v.object({ subjects: v.array(subject) }));

/**
 * Appeals a removal or restriction, once per `attempt`. Refused with `notFound` (not the user's
 * subject), `appealOpen` (the subject already has an appeal) or `badRequest` (empty or too long a
 * description, a contact that is not a phone number or e-mail address, more than five screenshots or
 * one that is not jpg, png or bmp).
 */
export const appealSubmit = endpoint(
  '/api/appeal',
  v.object({
    subjectId: id,
    reason: v.picklist(APPEAL_REASONS),
    description,
    contact: v.pipe(v.string(), v.maxLength(320)),
    screenshots: v.pipe(v.array(screenshot), v.maxLength(SCREENSHOT_MAX)),
    attempt,
  }),
  v.object({ appeal }),
);
