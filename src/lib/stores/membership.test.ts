import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { $daysLeft, $isMember, $membership, setClock, setMembership } from './membership';

const NOW = Date.UTC(2026, 0, 1); // ms
const inSeconds = (ms: number) => Math.floor(ms / 1000);
const DAY = 86_400_000;

const vipUntil = (ms: number, extra: object = {}) =>
  setMembership({ isLogin: true, avatar: 'https://cdn.example/a.png', vip: { is_vip: 1, valid_time: inSeconds(ms) }, ...extra });

beforeEach(() => setClock(() => NOW));
afterEach(() => {
  setMembership({ isLogin: false });
  setClock(() => Date.now());
});

describe('setMembership', () => {
  it('keeps the fields of spec §3 from the host account', () => {
    vipUntil(NOW + 30 * DAY, { nickname: 'Ann', vipType: 2, svipType: '0', is_member: true });
    expect($membership.get()).toEqual({
      vipType: 2,
      svipType: '0',
      is_member: true,
      userInfo_: { avatar: 'https://cdn.example/a.png', nickname: 'Ann', vip: { is_vip: 1, valid_time: inSeconds(NOW + 30 * DAY) } },
    });
  });

  it('clears membership for a signed-out account', () => {
    vipUntil(NOW + DAY);
    setMembership({ isLogin: false });
    expect($membership.get()).toEqual({ vipType: null, svipType: null, is_member: false, userInfo_: null });
    expect($isMember.get()).toBe(false);
  });

  it('reads a missing vip object as no plan', () => {
    setMembership({ isLogin: true });
    expect($membership.get().userInfo_).toEqual({ avatar: '', nickname: '', vip: { is_vip: 0, valid_time: 0 } });
    expect($daysLeft.get()).toBe(0);
  });

  it('reads is_member sent as 1 as true', () => {
    setMembership({ isLogin: true, is_member: 1 });
    expect($isMember.get()).toBe(true);
  });
});

describe('$isMember and $daysLeft around expiry', () => {
  it('counts a plan that ends in 30 days as active with 30 days left', () => {
    vipUntil(NOW + 30 * DAY);
    expect($isMember.get()).toBe(true);
    expect($daysLeft.get()).toBe(30);
  });

  it('shows 1 day left for a plan ending later today', () => {
    vipUntil(NOW + 1000);
    expect($isMember.get()).toBe(true);
    expect($daysLeft.get()).toBe(1);
  });

  it('ends membership at the second valid_time names', () => {
    vipUntil(NOW);
    expect($isMember.get()).toBe(false);
    expect($daysLeft.get()).toBe(0);
  });

  it('never counts negative days for an expired plan', () => {
    vipUntil(NOW - 5 * DAY);
    expect($isMember.get()).toBe(false);
    expect($daysLeft.get()).toBe(0);
  });

  it('moves with the clock once the clock is refreshed', () => {
    vipUntil(NOW + 2 * DAY);
    expect($daysLeft.get()).toBe(2);
    setClock(() => NOW + DAY + 1);
    expect($daysLeft.get()).toBe(1);
    setClock(() => NOW + 2 * DAY);
    expect($isMember.get()).toBe(false);
  });

  it('needs is_vip 1: a future valid_time alone is not membership', () => {
    setMembership({ isLogin: true, vip: { is_vip: 0, valid_time: inSeconds(NOW + DAY) } });
    expect($isMember.get()).toBe(false);
  });

  it('trusts is_member from the host even with an expired plan', () => {
    vipUntil(NOW - DAY, { is_member: true });
    expect($isMember.get()).toBe(true);
    expect($daysLeft.get()).toBe(0);
  });
});

/** What src/lib/vip/membership.ts hands over from the server. */
const fromServer = (days: number | null, tier = 'vip') =>
  setMembership(
    {
      isLogin: true,
      vip: { is_vip: days === null ? 0 : 1, valid_time: days === null ? 0 : inSeconds(NOW + days * DAY) },
      vipType: tier === 'vip' ? 1 : 0,
      svipType: tier === 'svip' ? 1 : 0,
      is_member: days === null ? 0 : 1,
    },
    { server: true },
  );

describe('one source of truth (issue 15)', () => {
  it("paints the host's membership first; the server's, once it answers, wins over later host reads", () => {
    vipUntil(NOW + 30 * DAY);
    expect($daysLeft.get()).toBe(30);
    fromServer(null);
    expect($isMember.get()).toBe(false);
    // The app shows the page again and the host still says VIP: the server's answer stands.
    vipUntil(NOW + 30 * DAY, { avatar: 'https://cdn.example/b.png', nickname: 'Ben' });
    expect($isMember.get()).toBe(false);
    expect($membership.get().userInfo_).toMatchObject({ avatar: 'https://cdn.example/b.png', nickname: 'Ben' });
  });

  it("gives a member by the server's word its days, whatever the host said", () => {
    setMembership({ isLogin: true, vip: { is_vip: 0, valid_time: 0 } });
    fromServer(93, 'svip');
    expect($daysLeft.get()).toBe(93);
    expect($membership.get().svipType).toBe(1);
  });

  it('forgets the server after signing out, so the next account paints from the host again', () => {
    fromServer(1);
    setMembership({ isLogin: false });
    vipUntil(NOW + 5 * DAY);
    expect($daysLeft.get()).toBe(5);
  });
});
