/**
 * Feedback: the form's options, the verification code, sending, and the user's feedback
 * with support's replies. The form rules are src/shared/help/feedback-rules.ts, applied by the page and
 * again by the server. Times are Unix seconds.
 */
import * as v from 'valibot';
import { ATTACHMENT_MAX, SCREENSHOT_MAX } from '../../limits';
import { LOCALES } from '../../locale';
import { FEEDBACK_TYPES } from '../../help/feedback-types';
import { endpoint } from '../endpoint';

/**
 * The app's `dev_region` (selfInfo), which the page passes on: a national phone number is read in it
 * (server/api/contact-key.ts). Optional: an app that sends none gets its number read as typed.
 */
const region = v.optional(v.pipe(v.string(), v.maxLength(8)));

const int = v.pipe(v.number(), v.integer());
const id = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_.:-]{1,64}$/));
const attempt = v.pipe(v.string(), v.minLength(16), v.maxLength(64));
const text = v.pipe(v.string(), v.maxLength(4000));

export const feedbackType = v.picklist(FEEDBACK_TYPES);
export const feedbackState = v.picklist(['submitted', 'inProgress', 'replied']);

/** A file the host uploaded (`uploadFile`): where it is now. */
export const attachment = v.object({
  id,
  name: v.pipe(v.string(), v.maxLength(255)),
  mime: v.pipe(v.string(), v.maxLength(100)),
  size: v.pipe(v.number(), v.integer(), v.minValue(0)),
  url: v.pipe(v.string(), v.maxLength(2000)),
});

/** A picture the host picked (`acquirePicture`); the host sends the file with the feedback's id. */
export const screenshot = v.object({
  id,
  name: v.pipe(v.string(), v.maxLength(255)),
  mime: v.pipe(v.string(), v.maxLength(64)),
  size: v.pipe(v.number(), v.integer(), v.minValue(0)),
});

export const feedbackSummary = v.object({
  id: v.string(),
  type: feedbackType,
  /** The type in the request's locale (the backend owns the labels, as in feedbackConfig). */
  typeLabel: v.string(),
  /** The start of the description. */
  excerpt: v.string(),
  state: feedbackState,
  /** Support has replied since the user last opened it. */
  unread: v.boolean(),
  createdAt: int,
  updatedAt: int,
});

/** A song of the catalogue, as feedback names it. */
export const songName = v.object({ id: v.string(), name: v.string(), artist: v.string() });

export const message = v.object({ id: v.string(), from: v.picklist(['user', 'support']), text: v.string(), at: int });

/** One feedback of the user's, whole, as its detail page shows it. */
export const fullFeedback = v.object({
  id: v.string(),
  type: feedbackType,
  typeLabel: v.string(),
  description: v.string(),
  contact: v.string(),
  state: feedbackState,
  attachments: v.array(attachment),
  screenshots: v.array(screenshot),
  log: v.boolean(),
  song: v.nullable(songName),
  createdAt: int,
});

/** A feedback type the form offers, labelled in the request's locale. */
export const feedbackTypeOption = v.object({ id: feedbackType, label: v.string() });

/** The form's options for the user: the types in their language, the phone rule, and whether a code is needed. */
export const feedbackConfig = endpoint(
  '/api/feedback/config',
  v.object({ locale: v.picklist(LOCALES) }),
  v.object({
    types: v.array(feedbackTypeOption),
    /** In these locales the phone number stays optional even for an important question. */
    phoneOptional: v.boolean(),
    /** The user has sent a lot today: the next feedback needs a code sent to the contact. */
    codeRequired: v.boolean(),
  }),
);

/**
 * Sends a six-digit code to the contact (e-mail or SMS), valid for 10 minutes. Refused with
 * `codeTooSoon` (a code went to this contact, or this user asked, within the minute) or `codeLimit`
 * (the contact's or the user's codes for the last 24 hours are used up).
 */
export const feedbackCode = endpoint(
  '/api/feedback/code',
  v.object({ contact: v.pipe(v.string(), v.maxLength(320)), region }),
  v.object({ resendAfter: v.pipe(v.number(), v.integer(), v.minValue(0)) }),
);

/**
 * Sends feedback, once per `attempt`. Refused with `feedbackLimit` (the day's feedback is used up),
 * `codeRequired` (a code is needed and none was given), `codeError` (a wrong or expired code),
 * `codeVoid` (too many wrong tries: a new code is needed) or `badRequest` (any rule of the form).
 */
export const feedbackSubmit = endpoint(
  '/api/feedback',
  v.object({
    type: feedbackType,
    description: text,
    contact: v.pipe(v.string(), v.maxLength(320)),
    important: v.boolean(),
    phone: v.pipe(v.string(), v.maxLength(40)),
    code: v.pipe(v.string(), v.maxLength(12)),
    attachments: v.pipe(v.array(attachment), v.maxLength(ATTACHMENT_MAX)),
    screenshots: v.pipe(v.array(screenshot), v.maxLength(SCREENSHOT_MAX)),
    /** Where the app put the uploaded log, or null. */
    log: v.nullable(v.pipe(v.string(), v.maxLength(2000))),
    /** The song playing when the feedback was written from the player (/feedback2). */
    song: v.nullable(id),
    region,
    locale: v.picklist(LOCALES),
    attempt,
  }),
  v.object({ feedback: feedbackSummary }),
);

/** The user's feedback, newest first, `limit` at a time (cursor as the coin records'). */
export const feedbackList = endpoint(
  '/api/feedback/list',
  v.object({
    cursor: v.nullable(v.pipe(v.string(), v.maxLength(80))),
    limit: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(50)),
    locale: v.picklist(LOCALES),
  }),
  v.object({ items: v.array(feedbackSummary), next: v.nullable(v.string()) }),
);

/** One feedback of the user's, whole, with the thread; opening it marks support's replies read. */
export const feedbackDetail = endpoint(
  '/api/feedback/detail',
  v.object({ id, locale: v.picklist(LOCALES) }),
  v.object({
    feedback: fullFeedback,
    messages: v.array(message),
  }),
);

/** Adds the user's follow-up to the thread, once per `attempt`; the feedback is open again. */
export const feedbackFollowUp = endpoint('/api/feedback/follow-up', v.object({ id, text, attempt }), v.object({ message }));

/** The song playing (getPlayerState's `resourceId`) that /feedback2 offers to attach, by name; null when the catalogue has no such song. */
export const feedbackSong = endpoint('/api/feedback/song', v.object({ id }), v.object({ song: v.nullable(songName) }));
