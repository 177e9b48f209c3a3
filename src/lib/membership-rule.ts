/**
 * Who is a member (spec §3 is_member, userInfo_.vip; §6 roles), in one place for the two that decide
 * it: the shell's inline script, before first paint, from the host's raw `accountInfo`
 * (src/layouts/shell-script.ts), and the membership store from then on (src/lib/stores/membership.ts).
 * Without dependencies, so the inline script can carry it.
 */

/** The fields of an account that decide membership, as untrusted as the host sends them. */
export interface MemberFields {
  is_member?: unknown;
  vip?: { is_vip?: unknown; valid_time?: unknown } | null | undefined;
}

/**
 * A member at `now` (ms): the account says so (`true`, or `1` from older apps), or its VIP plan ends
 * after `now` (`valid_time` in Unix seconds). Strings are not the bridge contract's types and count for
 * nothing, as the bridge's schema would refuse them.
 * @example isMemberAt({ vip: { is_vip: 1, valid_time: 1767225600 } }, Date.parse('2025-12-01')) // true
 */
export function isMemberAt({ is_member, vip }: MemberFields, now: number): boolean {
  return is_member === true || is_member === 1 || (!!vip && vip.is_vip === 1 && typeof vip.valid_time === 'number' && vip.valid_time * 1000 > now);
}
