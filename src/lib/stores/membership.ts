/**
 * Membership (spec §3 vipType, svipType, is_member, userInfo_; §6 roles), the one store every island
 * and page reads: the host's `accountInfo` paints first, and once the server has answered its word
 * wins for the rest of the page's life (the host may not yet know of a code redeemed or an order paid).
 */
import { atom, computed } from 'nanostores';
import { isMemberAt } from '../membership-rule';

/** An id as the host sends it: a string or a number depending on the app version. */
export type TypeId = string | number;

export interface UserInfo {
  /** As the host sent it: untrusted, shown only as an https image (src/islands/vip/parts/MembershipCard.tsx). */
  avatar: string;
  /** As the host sent it: shown as text only. */
  nickname: string;
  /** valid_time: Unix SECONDS (spec §3), not milliseconds. */
  vip: { is_vip: 0 | 1; valid_time: number };
}

export interface Membership {
  vipType: TypeId | null;
  svipType: TypeId | null;
  is_member: boolean;
  userInfo_: UserInfo | null;
}

/** The host's accountInfo (bridge contract), as the bridge hands it over after parsing. */
export interface AccountInfo {
  isLogin: boolean;
  avatar?: string | undefined;
  nickname?: string | undefined;
  vip?: { is_vip: number; valid_time: number } | undefined;
  vipType?: TypeId | undefined;
  svipType?: TypeId | undefined;
  is_member?: boolean | number | undefined;
}

const SIGNED_OUT: Membership = { vipType: null, svipType: null, is_member: false, userInfo_: null };
const DAY_MS = 86_400_000;

/** @example $membership.get().userInfo_?.vip.valid_time // 1767225600 */
export const $membership = atom<Membership>(SIGNED_OUT);

let clock: () => number = () => Date.now();

/**
 * "Now" in ms, as a store so the derived values move when it is refreshed. It is read from the
 * clock on every `setMembership` and `refreshNow` (pages call these on `onResume`).
 * @example $now.get() // 1767225600000
 */
export const $now = atom<number>(clock());

/**
 * Replaces the clock (tests, or a server-corrected time) and refreshes `$now`.
 * @example setClock(() => Date.UTC(2026, 0, 1))
 */
export function setClock(next: () => number): void {
  clock = next;
  refreshNow();
}

/**
 * Re-reads the clock, e.g. when the app shows the page again after hours in the background.
 * @example onHost(onResume, refreshNow)
 */
export function refreshNow(): void {
  $now.set(clock());
}

// Whether the server has answered since the last sign-in: then the host's figures no longer apply.
let fromServer = false;

/**
 * Takes the host's accountInfo; a signed-out account clears membership. Once the server has answered
 * (`server: true`, src/lib/vip/membership.ts), only the avatar and nickname are taken from the host.
 * @example setMembership({ isLogin: true, avatar: 'https://…/a.png', vip: { is_vip: 1, valid_time: 1767225600 } })
 */
export function setMembership(account: AccountInfo | null | undefined, { server = false } = {}): void {
  refreshNow();
  if (!account?.isLogin) {
    fromServer = false;
    $membership.set(SIGNED_OUT);
    return;
  }
  // Who the user is: the host's word, whoever answered about membership.
  const who = { avatar: account.avatar ?? '', nickname: account.nickname ?? '' };
  if (fromServer && !server) {
    const current = $membership.get();
    if (current.userInfo_) $membership.set({ ...current, userInfo_: { ...current.userInfo_, ...who } });
    return;
  }
  const vip = account.vip;
  const validTime = vip?.valid_time;
  $membership.set({
    vipType: account.vipType ?? null,
    svipType: account.svipType ?? null,
    is_member: account.is_member === true || account.is_member === 1,
    userInfo_: {
      ...who,
      vip: {
        is_vip: vip?.is_vip === 1 ? 1 : 0,
        valid_time: typeof validTime === 'number' && Number.isFinite(validTime) ? validTime : 0,
      },
    },
  });
  fromServer ||= server;
}

/**
 * Whether the user has membership now: the host says so, or a VIP plan has not yet expired.
 * @example $isMember.get() // true
 */
export const $isMember = computed([$membership, $now], ({ is_member, userInfo_ }, now) => isMemberAt({ is_member, vip: userInfo_?.vip }, now));

/**
 * Days of membership left, rounded up: a plan ending later today still shows 1, and 0 only once it
 * has ended (so "active" never reads "0 days left").
 * @example $daysLeft.get() // 30
 */
export const $daysLeft = computed([$membership, $now], ({ userInfo_ }, now) => {
  const vip = userInfo_?.vip;
  if (vip?.is_vip !== 1) return 0;
  return Math.max(0, Math.ceil((vip.valid_time * 1000 - now) / DAY_MS));
});
