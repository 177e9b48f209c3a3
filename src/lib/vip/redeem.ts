/**
 * Redeeming a membership code (/exchange-members): the code typed so far survives a reload
 * (sessionStorage: the route is "cached"), stays on any error, and one redemption runs at a time.
 */
import type { MessageKey } from '../../shared/message-key';
import { map } from 'nanostores';
import { messageKey } from '../api';
import { request } from '../request';
import type { DataOf } from '../../shared/api/endpoint';
import { vipRedeem } from '../../shared/api/endpoints/vip-redeem';
import { syncMembership } from './membership';
import { normalizeCode } from './redeem-code';

const DRAFT_KEY = 'redeem-code-draft';

export interface Redeem {
  code: string;
  /** A message key, shown under the field. */
  error: MessageKey | null;
  busy: boolean;
  /** What the last code did, in the ledger's numbers, and the membership after it. */
  redeemed: Pick<DataOf<typeof vipRedeem>, 'grant' | 'membership'> | null;
}

/** @example useStore($redeem).error */
export const $redeem = map<Redeem>({ code: '', error: null, busy: false, redeemed: null });

/**
 * The code to start from: what was typed before the page ran (a slow network) wins and is kept,
 * else the saved draft.
 * @example restoreCode(input.value)
 */
export function restoreCode(typed: string): void {
  if (typed) return typeCode(typed);
  try {
    $redeem.setKey('code', sessionStorage.getItem(DRAFT_KEY) ?? '');
  } catch {
    // No storage: nothing saved.
  }
}

/** @example typeCode('VIP7 DAYS') */
export function typeCode(code: string): void {
  $redeem.set({ ...$redeem.get(), code, error: null });
  try {
    if (code) sessionStorage.setItem(DRAFT_KEY, code);
    else sessionStorage.removeItem(DRAFT_KEY);
  } catch {
    // Storage refused (private mode, full): the field still holds the code.
  }
}

/**
 * Redeems the code in the store. Returns false when the field needs the user (empty, malformed or
 * refused), so the island can move focus there.
 * @example if (!(await redeem())) input.focus()
 */
export async function redeem(): Promise<boolean> {
  const { code, busy, redeemed } = $redeem.get();
  // The second tap of a double tap can land after a fast success has emptied the field: it has
  // nothing to send and no error to show.
  if (busy || (redeemed && !code.trim())) return true;
  const checked = normalizeCode(code);
  if (!checked.ok) {
    $redeem.setKey('error', checked.error);
    return false;
  }
  $redeem.set({ ...$redeem.get(), busy: true, error: null, redeemed: null });
  try {
    const { membership, grant } = await request(vipRedeem, { code: checked.code });
    syncMembership(membership);
    typeCode('');
    $redeem.setKey('redeemed', { grant, membership });
    return true;
  } catch (failure) {
    $redeem.setKey('error', messageKey(failure));
    return false;
  } finally {
    $redeem.setKey('busy', false);
  }
}
