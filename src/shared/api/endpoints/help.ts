/**
 * The help centre: common questions in the user's locale, search, "was this helpful?", and
 * customer service. Question ids are the seed's (`playback-trial`); texts are plain text, with blank
 * lines between paragraphs. Feedback is ./feedback.ts.
 */
import * as v from 'valibot';
import { LOCALES } from '../../locale';
import { endpoint } from '../endpoint';

const locale = v.picklist(LOCALES);
/** A question id as the seed writes them: the query's `id` is checked against it. */
export const questionId = v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,64}$/));

export const questionRef = v.object({ id: v.string(), question: v.string() });

export const category = v.object({ id: v.string(), title: v.string(), questions: v.array(questionRef) });

/** The help centre's first screen: every category with its questions, and how to reach a person. */
export const helpHome = endpoint(
  '/api/help/home',
  v.object({ locale }),
  v.object({
    categories: v.array(category),
    /** Replies from support the user has not read yet (the dot on "My feedback"). */
    unread: v.pipe(v.number(), v.integer(), v.minValue(0)),
    /** The hotline as dialled (digits, `+`) and as shown. */
    hotline: v.object({ dial: v.string(), display: v.string() }),
    email: v.string(),
  }),
);

/**
 * The help centre's first screen as everyone sees it: the questions and how to reach a person, without
 * the user's unread replies; public, so /help-feedback shows it outside the app too.
 */
export const helpCommon = endpoint(
  '/api/help/common',
  v.object({ locale }),
  v.object({ categories: v.array(category), hotline: v.object({ dial: v.string(), display: v.string() }), email: v.string() }),
  { public: true },
);

const answer = {
  question: v.object({ id: v.string(), category: v.string(), categoryTitle: v.string(), question: v.string(), answer: v.string() }),
  related: v.array(questionRef),
};

/** One question with its answer, the user's vote if any, and others of its category. */
export const helpQuestion = endpoint('/api/help/question', v.object({ id: questionId, locale }), v.object({ ...answer, vote: v.nullable(v.boolean()) }));

/** `helpQuestion` as everyone sees it, without a vote: public, for /q-and-a outside the app. */
export const helpAnswer = endpoint('/api/help/answer', v.object({ id: questionId, locale }), v.object(answer), { public: true });

/** Questions whose text or keywords contain every word of the query, best first, at most 20. */
export const helpSearch = endpoint(
  '/api/help/search',
  v.object({ query: v.pipe(v.string(), v.maxLength(100)), locale }),
  v.object({ results: v.array(v.object({ id: v.string(), question: v.string(), category: v.string() })) }),
);

/** "Was this helpful?": the first answer of a user counts; a second answers the first. */
export const helpVote = endpoint('/api/help/vote', v.object({ id: questionId, helpful: v.boolean() }), v.object({ helpful: v.boolean() }));
