// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeHost, type FakeHost } from '../../../server/fake-host';
import { HANDLERS } from '../../shared/bridge/contract';
import { REGISTRY_KEY } from '../bridge/handlers';
import { setPageText } from '../i18n';
import { $dialog, answerDialog } from '../stores/ui';
import { askHost, HOST_DIALOG_WAIT_MS, hostConfirm, hostPay, LOST_ANSWER_MS, SILENT_CASHIER_MS } from './host';

const globals = window as unknown as Record<string, unknown>;
const ABANDON = { titleKey: 'vip.abandonTitle', messageKey: 'vip.abandonMessage', confirmKey: 'vip.abandon', cancelKey: 'vip.continuePay' } as const;

let host: FakeHost | undefined;
beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  setPageText('en-US', { vip: { abandonTitle: 'Abandon?', abandonMessage: 'Not paid.', abandon: 'Abandon', continuePay: 'Continue paying' } });
});
afterEach(() => {
  host?.uninstall();
  host = undefined;
  answerDialog(false);
  for (const name of ['NativeBridge', REGISTRY_KEY, ...Object.keys(HANDLERS)]) delete globals[name];
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('askHost: the abandon question in the app’s dialog, else the page’s', () => {
  it('asks the app in the page’s words; button 1 abandons, and the page’s dialog never shows', async () => {
    host = installFakeHost(window, { dialogAnswer: 1 });
    const answer = askHost(ABANDON);
    await vi.advanceTimersByTimeAsync(0);
    await expect(answer).resolves.toBe(true);
    expect(host.calls[0]).toMatchObject({
      method: 'launchHTDialog2',
      arg: { title: 'Abandon?', content: 'Not paid.', buttons: ['Continue paying', 'Abandon'] },
    });
    expect($dialog.get()).toBeNull();
  });

  it('button 0, or an index no button has, goes on paying', async () => {
    for (const dialogAnswer of [0, 7, -1]) {
      host?.uninstall();
      host = installFakeHost(window, { dialogAnswer });
      const answer = askHost(ABANDON);
      await vi.advanceTimersByTimeAsync(0);
      await expect(answer).resolves.toBe(false);
    }
  });

  it('an app without launchHTDialog2 gets the page’s dialog at once', async () => {
    host = installFakeHost(window, { missing: ['launchHTDialog2'] });
    const answer = askHost(ABANDON);
    // The page's dialog shows once its back-button helper has loaded.
    await vi.waitFor(() => expect($dialog.get()).toMatchObject({ titleKey: 'vip.abandonTitle', confirmKey: 'vip.abandon' }));
    answerDialog(true);
    await vi.advanceTimersByTimeAsync(0);
    await expect(answer).resolves.toBe(true);
  });

  it('no answer from the app in time: the page asks; a late answer from the app still counts, once', async () => {
    host = installFakeHost(window, { dialogAnswer: 1, replyDelayMs: HOST_DIALOG_WAIT_MS + 5000 });
    const answer = askHost(ABANDON);
    let result: boolean | undefined;
    void answer.then((value) => (result = value));
    await vi.advanceTimersByTimeAsync(HOST_DIALOG_WAIT_MS - 1);
    expect($dialog.get()).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect($dialog.get()).not.toBeNull());
    expect(result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(5000);
    expect(result).toBe(true);
    // The page's question was withdrawn, and its cancel did not change the answer.
    expect($dialog.get()).toBeNull();
    await expect(answer).resolves.toBe(true);
  });
});

describe('hostConfirm.paid', () => {
  it('tells the app to refresh the account, then to forget the history into the cashier', () => {
    host = installFakeHost(window);
    hostConfirm.paid('o-1');
    expect(host.calls.map((c) => [c.method, c.arg])).toEqual([
      ['paySuccess', { orderId: 'o-1' }],
      ['clearHistory', undefined],
    ]);
  });
});

describe('hostPay.startPay', () => {
  const order = { orderId: 'o-1', state: 'created' as const, planId: 'vip-month', amount: 1500 };
  const startPay = () => hostPay<typeof order>('1', (o) => o.planId).startPay(order);

  it('no answer from the cashier by LOST_ANSWER_MS after the page is back: unknown, the server decides', async () => {
    // The answer is stopped without AbortController (Chromium 66), which the floor (64) may lack.
    vi.stubGlobal('AbortController', undefined);
    host = installFakeHost(window, { payOutcome: 'none' });
    let result: unknown;
    void startPay().then((value) => (result = value));
    await vi.advanceTimersByTimeAsync(0);
    expect(host.calls.map((c) => c.method)).toContain('startPayWeb');
    host.emit('onResume');
    await vi.advanceTimersByTimeAsync(LOST_ANSWER_MS - 1);
    expect(result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(result).toEqual({ status: 'unknown', orderId: 'o-1' });
  });

  it('neither an answer nor onResume (issue 38): unknown after SILENT_CASHIER_MS, so the server is asked and the page never waits for ever', async () => {
    host = installFakeHost(window, { payOutcome: 'none' });
    let result: unknown;
    void startPay().then((value) => (result = value));
    await vi.advanceTimersByTimeAsync(SILENT_CASHIER_MS - 1);
    expect(result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(result).toEqual({ status: 'unknown', orderId: 'o-1' });
  });

  it('onResume before the silence runs out: the shorter wait after it decides, not the silence', async () => {
    host = installFakeHost(window, { payOutcome: 'none' });
    let result: unknown;
    void startPay().then((value) => (result = value));
    await vi.advanceTimersByTimeAsync(SILENT_CASHIER_MS - LOST_ANSWER_MS - 2);
    host.emit('onResume');
    await vi.advanceTimersByTimeAsync(LOST_ANSWER_MS);
    expect(result).toEqual({ status: 'unknown', orderId: 'o-1' });
  });

  it("the cashier's answer before then is the result", async () => {
    host = installFakeHost(window, { payOutcome: 'success' });
    const result = startPay();
    host.emit('onResume');
    await vi.advanceTimersByTimeAsync(LOST_ANSWER_MS);
    await expect(result).resolves.toMatchObject({ orderId: 'o-1' });
    await expect(result).resolves.not.toMatchObject({ status: 'unknown' });
  });
});
