// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installFakeHost, type FakeHost } from '../../server/fake-host';
import { $session, $signIn, checkSession, signIn, watchSession } from './session';
import { $isMember, $membership } from './stores/membership';
import { $selfInfo } from './stores/self-info';

let host: FakeHost | undefined;
const install = (options: Parameters<typeof installFakeHost>[1] = {}) => {
  host = installFakeHost(window, { replyDelayMs: 0, ...options });
  return host;
};

beforeEach(() => $session.set('checking'));
afterEach(() => {
  host?.uninstall();
  host = undefined;
});

describe('session', () => {
  it('outside the app is no-app, and asks nothing', () => {
    expect(checkSession()).toBe('no-app');
  });

  it('reads the account and device into the shared stores', () => {
    const vip = { is_vip: 1 as const, valid_time: Math.floor(Date.now() / 1000) + 86_400 * 10 };
    install({ account: { isLogin: true, avatar: '', nickname: 'A', vip, vipType: 1, svipType: 0, is_member: 1 } });
    expect(checkSession()).toBe('signed-in');
    expect($membership.get().userInfo_?.vip.valid_time).toBe(vip.valid_time);
    expect($isMember.get()).toBe(true);
    expect($selfInfo.get().uid).toBe('10001');
  });

  it('is signed-out when the host says so, and signs in through login', async () => {
    install({ account: { isLogin: false } as never, loginOutcome: 'success' });
    expect(checkSession()).toBe('signed-out');
    expect(await signIn()).toBe('signed-in');
    expect(host!.calls.filter((c) => c.method === 'login')).toHaveLength(1);
  });

  it('stays signed-out when sign-in fails', async () => {
    install({ account: { isLogin: false } as never, loginOutcome: 'failed' });
    checkSession();
    expect(await signIn()).toBe('signed-out');
    expect($signIn.get()).toBe('failed');
  });

  it('is busy while the app signs in, and a later success clears the failure', async () => {
    install({ account: { isLogin: false } as never, loginOutcome: 'failed' });
    checkSession();
    await signIn();
    host!.setState({ loginOutcome: 'success' });
    const trying = signIn();
    expect($signIn.get()).toBe('busy');
    expect(await trying).toBe('signed-in');
    expect($signIn.get()).toBe('idle');
  });

  it('counts no host as a failed try', async () => {
    expect(await signIn()).toBe('checking');
    expect($signIn.get()).toBe('failed');
  });

  it('checks again on onResume', () => {
    const fake = install({ account: { isLogin: false } as never });
    watchSession();
    expect($session.get()).toBe('signed-out');
    fake.setState({ account: { ...fake.state.account, isLogin: true } });
    fake.emit('onResume');
    expect($session.get()).toBe('signed-in');
  });
});
