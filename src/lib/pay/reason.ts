/**
 * A payment provider's message (onPayCallback `message`) as the pages show it: the provider's, so
 * untrusted. Control and format characters (bidi overrides included) go, whitespace collapses, and it
 * is cut short; pages render it as text. /payError (src/lib/vip/purchase-failure.ts) and /k-recharge
 * (the purchase model's failed state) show the same words.
 */
import { CC, CF, CN, CO, charClass } from '../char-class';

/** Longer than any provider's one-line reason; short enough not to fill the screen. */
export const REASON_MAX = 120;

/**
 * @example cleanReason('Card\u0007 declined\u202e') // 'Card declined'
 */
export function cleanReason(raw: unknown): string {
  if (typeof raw !== 'string') return '';
  // Line breaks and tabs are spaces first, so the words they separated stay apart.
  const text = raw
    .replace(/\s+/gu, ' ')
    .replace(charClass([CC, CF, CO, CN], 'g'), '')
    .replace(/ {2,}/g, ' ')
    .trim();
  const chars = [...text];
  return chars.length > REASON_MAX
    ? `${chars
        .slice(0, REASON_MAX - 1)
        .join('')
        .replace(/\s+$/u, '')}…`
    : text;
}
