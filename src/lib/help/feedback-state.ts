/**
 * A feedback's state in the user's words, as /my-feedback lists it and /my-detail heads it (the states
 * themselves: src/lib/api/endpoints/feedback.ts, feedbackState).
 * @example t(FEEDBACK_STATE_KEY.replied) // 'Replied'
 */
export const FEEDBACK_STATE_KEY = { submitted: 'help.stateSubmitted', inProgress: 'help.stateInProgress', replied: 'help.stateReplied' } as const;
