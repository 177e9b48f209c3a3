import { afterEach, describe, expect, it, vi } from 'vitest';
import { $isMember, $membership, setMembership } from '../stores/membership';

const answers: unknown[] = [];
vi.mock('../api', async (importActual) => ({
  ...(await importActual<typeof import('../api')>()),
  request: vi.fn(async () => {
    const answer = answers.shift();
    if (answer instanceof Error) throw answer;
    return answer;
  }),
}));
const { $vipStatus, loadMembership, setServerMembership } = await import('./membership');
const { ApiError } = await import('../api');

const inDays = (days: number) => Math.floor(Date.now() / 1000) + days * 86_400;
afterEach(() => setMembership({ isLogin: false }));

describe('VIP membership model', () => {
  it("puts the server's membership in the one store, over what the host said", async () => {
    setMembership({ isLogin: true, avatar: 'https://cdn.example/a.png', vip: { is_vip: 0, valid_time: 0 } });
    answers.push({ membership: { tier: 'svip', expiresAt: inDays(93), svipUntil: inDays(93) }, renewals: [] });
    await loadMembership();
    expect($isMember.get()).toBe(true);
    expect($membership.get()).toMatchObject({ svipType: 1, vipType: 0, userInfo_: { avatar: 'https://cdn.example/a.png', vip: { is_vip: 1 } } });
    // The host, read again on onResume, still says "not a member": the server's answer stands.
    setMembership({ isLogin: true, vip: { is_vip: 0, valid_time: 0 } });
    expect($isMember.get()).toBe(true);
  });

  it('a failed reload says why, and the membership already known stays', async () => {
    answers.push({ membership: { tier: 'vip', expiresAt: inDays(3), svipUntil: null }, renewals: [] }, new ApiError('timeout'));
    await loadMembership();
    await loadMembership();
    expect($vipStatus.get()).toMatchObject({ state: 'failed', error: 'error.timeout', data: { membership: { tier: 'vip' } } });
    expect($isMember.get()).toBe(true);
  });

  it('reads a lapsed membership as none', () => {
    setServerMembership({ tier: 'none', expiresAt: inDays(-2), svipUntil: null });
    expect($isMember.get()).toBe(false);
    expect($membership.get().userInfo_?.vip.valid_time).toBe(inDays(-2));
  });
});
