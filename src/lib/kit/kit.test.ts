// @vitest-environment happy-dom
/**
 * The conformance kit (/bridge-check) against the fake host, where every check must pass, and against
 * the deviant host (tests/fixtures/deviant-host.ts), where each broken rule must be reported on the
 * call that broke it, with the reason a host developer reads.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { installFakeHost, type FakeHost } from '../../../server/fake-host';
import { DEVIATIONS, installDeviantHost } from '../../../tests/fixtures/deviant-host';
import { HANDLERS, QUERIES } from '../../shared/bridge/contract';
import { COMMANDS } from '../../shared/bridge/commands';
import { createKit, type Kit } from './kit';
import { COMMAND_PLAN, EVENT_PLAN } from './plan';
import type { CheckResult, Reason } from '../bridge/probe';

type Globals = Record<string, unknown>;
const globals = window as unknown as Globals;
let host: FakeHost | undefined;

afterEach(() => {
  host?.uninstall();
  host = undefined;
  for (const name of ['NativeBridge', 'bridgeReport', ...Object.keys(HANDLERS)]) delete globals[name];
  delete document.documentElement.dataset.bridgeCheck;
});

function kit(atFirstScript = true): Kit {
  return createKit({
    win: window,
    atFirstScript,
    personMs: 300,
    appMs: 300,
    arrivalMs: 1500,
    settleMs: 100,
    text: ({ code, params }: Reason) => `${code} ${JSON.stringify(params ?? {})}`,
    locale: 'en-US',
    buttons: ['OK', 'Cancel'],
  });
}

const resultOf = (k: Kit, call: string): CheckResult => k.$kit.get().results.find((r) => r.call === call)!;
const codes = (result: CheckResult) => result.reasons.map((r) => r.code);
/** Every command that neither leaves the page nor needs the app's own screens beyond the fake host's answers. */
const STAYING = COMMAND_PLAN.filter((step) => !step.leaves);

describe('the plan', () => {
  it('covers every query, command and host event of the contract', () => {
    expect(resultOfPlan()).toEqual({
      commands: Object.keys(COMMANDS).sort(),
      events: Object.keys(HANDLERS)
        .filter((name) => !Object.values(COMMANDS).some((c) => (c.replies as readonly string[]).includes(name)))
        .sort(),
    });
    function resultOfPlan() {
      return { commands: COMMAND_PLAN.map((s) => s.method).sort(), events: EVENT_PLAN.map((e) => e.name).sort() };
    }
  });
});

describe('on the fake host', () => {
  it('passes the bridge and every query, exposes the report and marks the page done', async () => {
    host = installFakeHost(window, { replyDelayMs: 10 });
    const k = kit();
    await k.start();
    const automatic = k.$kit.get().results.filter((r) => r.kind === 'bridge' || r.kind === 'query');
    expect(automatic).toHaveLength(1 + Object.keys(QUERIES).length);
    expect(automatic.filter((r) => r.status !== 'pass')).toEqual([]);
    expect(document.documentElement.dataset.bridgeCheck).toBe('done');
    const report = globals.bridgeReport as { summary: Record<string, number>; automaticDone: boolean; app: { version: string } };
    expect(report.automaticDone).toBe(true);
    expect(report.summary.pass).toBe(automatic.length);
    expect(report.app.version).toBe(host.state.baseInfo.dev_app_version);
  });

  it('passes every command that stays on the page, answers awaited and checked, and both host events', async () => {
    host = installFakeHost(window, { replyDelayMs: 10, payOutcome: 'cancel' });
    const k = kit();
    await k.start();
    for (const step of STAYING) await k.run(step);
    const listening = [k.listen('onResume')];
    host.emit('onResume');
    await listening[0];
    const dark = k.listen('h5Dark');
    host.emit('h5Dark', { dark: 1, bgColor: '171717' });
    await dark;
    const ran = [...STAYING.map((s) => s.method), ...EVENT_PLAN.map((e) => e.name)].map((call) => resultOf(k, call));
    expect(ran.filter((r) => r.status !== 'pass')).toEqual([]);
  }, 20_000);
});

describe('beyond the schema the pages parse with', () => {
  it('names the two words a yes/no query must give, and fails a signed-in account without vip', async () => {
    host = installFakeHost(window, { overrides: { isHeytapLogin: 'yes', accountInfo: '{"isLogin":true,"nickname":"Ann"}' } });
    const k = kit();
    await k.start();
    expect(resultOf(k, 'isHeytapLogin')).toMatchObject({ status: 'fail', reasons: [{ code: 'notTrueFalse', params: { received: '"yes"' } }] });
    expect(resultOf(k, 'accountInfo')).toMatchObject({ status: 'fail', reasons: [{ code: 'noVip' }], raw: '{"isLogin":true,"nickname":"‹nickname›"}' });
  });
});

describe('on a deviant host', () => {
  it.each(Object.entries(DEVIATIONS))(
    'reports %s (%o) on that call',
    async (call, { code }) => {
      host = installDeviantHost(window);
      const k = kit();
      await k.start();
      const step = COMMAND_PLAN.find((s) => s.method === call);
      if (step) await k.run(step);
      const result = resultOf(k, call);
      expect(result.status).toBe('fail');
      expect(codes(result)).toContain(code);
    },
    10_000,
  );

  it('names the field and the types in a shape failure, and keeps the raw answer', async () => {
    host = installDeviantHost(window);
    const k = kit();
    await k.start();
    expect(resultOf(k, 'accountInfo')).toMatchObject({
      reasons: [{ code: 'badField', params: { field: 'isLogin', expected: 'boolean', received: '"yes"' } }],
      raw: '{"isLogin":"yes"}',
    });
    expect(resultOf(k, 'getKCoins').reasons).toEqual([{ code: 'missingField', params: { field: 'balance' } }]);
    expect(resultOf(k, 'dark')).toMatchObject({ reasons: [{ code: 'notString', params: { type: 'object' } }], raw: '(object) {"dark":0,"bgColor":"ffffff"}' });
    expect(resultOf(k, 'getUserAuth').reasons[0]!.params!.error).toContain('auth service down');
  });

  it('leaves the calls it did not break passing', async () => {
    host = installDeviantHost(window);
    const k = kit();
    await k.start();
    const unbroken = k.$kit.get().results.filter((r) => r.kind === 'query' && !(r.call in DEVIATIONS));
    expect(unbroken.length).toBeGreaterThan(5);
    expect(unbroken.filter((r) => r.status !== 'pass')).toEqual([]);
  });

  it('reports a bridge injected after the first script, with how late, and still checks the queries', async () => {
    host = installDeviantHost(window, { lateMs: 300 });
    const k = kit(false);
    await k.start();
    const arrival = resultOf(k, 'NativeBridge');
    expect(arrival.status).toBe('fail');
    expect(codes(arrival)).toEqual(['lateBridge']);
    expect(Number(arrival.reasons[0]!.params!.ms)).toBeGreaterThanOrEqual(250);
    expect(resultOf(k, 'getPlayerState').status).toBe('pass');
  });

  it('says there is no bridge at all, and runs nothing', async () => {
    const k = kit(false);
    await k.start();
    expect(resultOf(k, 'NativeBridge')).toMatchObject({ status: 'fail', reasons: [{ code: 'noBridge' }] });
    expect(
      k.$kit
        .get()
        .results.filter((r) => r.kind === 'query')
        .every((r) => r.status === 'skipped'),
    ).toBe(true);
  });
});
