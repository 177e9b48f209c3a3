/** Spec §3's feedback types: music content, user experience, interface, other (labels come from the backend). */
export const FEEDBACK_TYPES = ['music', 'experience', 'interface', 'other'] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];
