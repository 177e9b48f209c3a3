/**
 * A membership code as the user types it, made into what the backend looks up: spaces dropped (codes
 * are often printed in groups), letters upper-cased (codes are not case-sensitive).
 */

/** The longest code the backend issues (docs/api.md, vipRedeem). */
export const CODE_MAX_LENGTH = 32;

export type CodeCheck = { ok: true; code: string } | { ok: false; error: 'vip.codeEmpty' | 'vip.codeInvalid' };

/**
 * @example normalizeCode(' vip7 days ') // { ok: true, code: 'VIP7DAYS' }
 * @example normalizeCode('   ') // { ok: false, error: 'vip.codeEmpty' }
 * @example normalizeCode('<b>') // { ok: false, error: 'vip.codeInvalid' }
 */
export function normalizeCode(raw: string): CodeCheck {
  const code = raw.replace(/\s+/g, '').toUpperCase();
  if (!code) return { ok: false, error: 'vip.codeEmpty' };
  if (code.length > CODE_MAX_LENGTH || !/^[A-Z0-9-]+$/.test(code)) return { ok: false, error: 'vip.codeInvalid' };
  return { ok: true, code };
}
