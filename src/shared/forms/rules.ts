/**
 * The validation rules of spec §5 that several forms share (reports, appeals, feedback), as pure
 * functions that answer a message key: here the text rule; the contact rule and the screenshot rule
 * are in ./contact and ./pictures, so a page bundles only the rules it applies. The pages show the
 * key's text next to the field; the reference server applies the same functions, so a rule cannot
 * differ between the two.
 */
import { TEXT_MAX } from '../limits';

/**
 * How long a text is, as the rules count it: Unicode code points of the trimmed text, so an emoji is
 * one and the spaces around the text (which are not sent) are none.
 * @example textLength(' 👍 ok ') // 4
 */
export function textLength(text: string): number {
  let n = 0;
  for (const _ of text.trim()) n++;
  return n;
}

/** A description is sent trimmed; "under 400" (spec §5) means at most TEXT_MAX - 1 characters. */
export type TextCheck = { ok: true; text: string } | { ok: false; error: 'error.tooLong' | 'form.required' };

/**
 * @example checkText('x'.repeat(399)) // { ok: true, text: 'xxx…' }
 * @example checkText('x'.repeat(400)) // { ok: false, error: 'error.tooLong' }
 * @example checkText('  ', { required: true }) // { ok: false, error: 'form.required' }
 */
export function checkText(raw: string, { required = false } = {}): TextCheck {
  const text = raw.trim();
  if (required && !text) return { ok: false, error: 'form.required' };
  if (textLength(text) >= TEXT_MAX) return { ok: false, error: 'error.tooLong' };
  return { ok: true, text };
}
