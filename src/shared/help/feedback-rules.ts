/**
 * The feedback form's rules (spec §3 fields, §5 rules) as one pure function, applied by /feedback and
 * /feedback2 before sending and by the reference server on what arrives. Each failed rule names its
 * field and its message key; the form shows them all at once.
 */
import type { MessageKey } from '../message-key';
import { checkContact, checkPhone } from '../forms/contact';
import { checkText } from '../forms/rules';
import { FEEDBACK_TYPES, type FeedbackType } from './feedback-types';

/** A verification code is six digits. */
export const CODE_PATTERN = /^\d{6}$/;

export interface FeedbackInput {
  type: string | null;
  description: string;
  contact: string;
  important: boolean;
  phone: string;
  code: string;
}

export interface FeedbackOptions {
  /** The backend's word for the user's locale: the phone number stays optional for important questions. */
  phoneOptional: boolean;
  codeRequired: boolean;
}

export type FeedbackField = 'type' | 'description' | 'contact' | 'phone' | 'code';

export type FeedbackCheck =
  | { ok: true; value: { type: FeedbackType; description: string; contact: string; phone: string; code: string } }
  | { ok: false; errors: Partial<Record<FeedbackField, MessageKey>> };

/** Is the phone number required? For an important question, unless the backend says it is optional in the locale. */
export const phoneRequired = (important: boolean, { phoneOptional }: Pick<FeedbackOptions, 'phoneOptional'>) => important && !phoneOptional;

/**
 * @example checkFeedback({ type: null, description: '', contact: '', important: false, phone: '', code: '' }, { phoneOptional: true, codeRequired: false })
 * // { ok: false, errors: { type: 'form.typeRequired', description: 'form.descriptionRequired', contact: 'error.contactEmpty' } }
 */
export function checkFeedback(input: FeedbackInput, options: FeedbackOptions): FeedbackCheck {
  const errors: Partial<Record<FeedbackField, MessageKey>> = {};
  const type = FEEDBACK_TYPES.find((t) => t === input.type);
  if (!type) errors.type = 'form.typeRequired';
  const description = checkText(input.description, { required: true });
  if (!description.ok) errors.description = description.error === 'form.required' ? 'form.descriptionRequired' : description.error;
  const contact = checkContact(input.contact);
  if (!contact.ok) errors.contact = contact.error;
  let phone = '';
  if (input.phone.trim() || phoneRequired(input.important, options)) {
    const checked = checkPhone(input.phone);
    if (checked.ok) phone = checked.value;
    else errors.phone = checked.error === 'error.contactEmpty' ? 'form.phoneRequired' : checked.error;
  }
  const code = input.code.trim();
  if (options.codeRequired && !code) errors.code = 'error.codeRequired';
  else if (code && !CODE_PATTERN.test(code)) errors.code = 'error.codeError';
  if (!type || !description.ok || !contact.ok || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { type, description: description.text, contact: contact.value, phone, code } };
}
