/** What the feedback form holds, as its draft is saved and read back (through valibot, field by field). */
import * as v from 'valibot';
import { draftAttempt, draftChoice, draftFlag, draftPictures, draftText, draftUploads } from '../forms/draft-fields';
import type { Picture } from '../../shared/forms/pictures';
import type { Upload } from '../forms/upload';
import { randomId } from '../../shared/id';
import { FEEDBACK_TYPES, type FeedbackType } from '../../shared/help/feedback-types';

export interface FeedbackDraft {
  type: FeedbackType | null;
  description: string;
  contact: string;
  important: boolean;
  phone: string;
  code: string;
  /** Finished uploads only: one still running when the page reloads cannot be followed any more. */
  attachments: Upload[];
  pictures: Picture[];
  log: boolean;
  /** Attach the song playing (from the player); on unless the user says no. */
  song: boolean;
  /** One key per feedback: a retry after a lost answer is the same feedback on the server. */
  attempt: string;
}

/** @example v.parse(feedbackDraft, { attempt: 'k'.repeat(32), type: 'nonsense' }).type // null */
export const feedbackDraft = v.object({
  type: draftChoice(FEEDBACK_TYPES),
  description: draftText,
  contact: draftText,
  important: draftFlag(false),
  phone: draftText,
  code: draftText,
  attachments: draftUploads,
  pictures: draftPictures,
  log: draftFlag(false),
  song: draftFlag(true),
  attempt: draftAttempt,
});

/** @example emptyFeedback('music').type // 'music' */
export const emptyFeedback = (type: FeedbackType | null): FeedbackDraft => ({
  type,
  description: '',
  contact: '',
  important: false,
  phone: '',
  code: '',
  attachments: [],
  pictures: [],
  log: false,
  song: true,
  attempt: randomId(),
});
