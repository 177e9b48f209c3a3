/**
 * The engine matrix: on each real old Chromium of scripts/lib/old-chromium.mjs, the shell
 * on a text page and the main flow of every area, through the real pages, with the fake host
 * injected and a session the reference server issued, as inside the app. No page error anywhere,
 * and each area's first screen passes the layout checks (tests/engines/layout.ts). The locales are
 * sampled (each flow in one, the long-word ones among them): the full route × locale sweep runs on
 * today's engine (tests/e2e/sweep.spec.ts).
 */
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { hostScript, issueSession } from '../../scripts/lib/in-app.mjs';
import { ENGINES } from '../../scripts/lib/old-chromium.mjs';
import { defaultState } from '../../server/fake-host/state';
import { launch, type Engine, type EnginePage } from './engine';
import { before, pattern, t } from '../fixtures/text';
import { layoutProblems } from './layout';

const origin = inject('origin');
const binaries = inject('engines');
const dataDir = inject('dataDir');

const MEMBER = { ...defaultState().account, isLogin: true, is_member: 1, vipType: 1, svipType: 0, vip: { is_vip: 1, valid_time: 1_999_999_999 } };

async function post<T>(path: string, body: object): Promise<T> {
  const reply = await fetch(`${origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!reply.ok) throw new Error(`${path}: HTTP ${reply.status}`);
  return ((await reply.json()) as { data: T }).data;
}

/** What `ask` gives once it stops failing (5 s at most). */
async function until<T>(ask: () => Promise<T>): Promise<T> {
  for (let tries = 0; ; tries++) {
    try {
      return await ask();
    } catch (error) {
      if (tries >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

describe.each(ENGINES)('Chromium $chromium', ({ chromium }) => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await launch(binaries[chromium]!);
  });
  afterAll(() => engine?.close());

  /**
   * A page inside the app: a user of its own (or `uid`), the fake host signed in as that user with
   * `state` over its defaults, and the path opened with the app's query.
   */
  async function inApp(path: string, { uid = `eng${chromium}-${Math.random().toString(36).slice(2, 10)}`, state = {}, query = '' } = {}) {
    const session = await issueSession(origin, uid);
    const base = defaultState();
    const page = await engine.newPage(hostScript({ ...base, replyDelayMs: 30, ...state, baseInfo: { ...base.baseInfo, uid } }));
    await page.goto(`${origin}${path}?status_height=24&app_sessionid=${session}${query}`);
    return { page, uid };
  }

  /**
   * The islands hydrated, from the legacy chunks (every engine here is older than the modern build's
   * Chromium 98), and nothing loading; then the layout checks on the first screen.
   */
  async function firstScreen(page: EnginePage) {
    // The whole document first: a page still parsing has no island yet to wait for, and on a loaded
    // machine the check passed before they arrived, read their modern URLs and tapped dead buttons.
    await page.until('the islands to hydrate', () => document.readyState === 'complete' && !document.querySelector('astro-island[ssr], [aria-busy="true"]'));
    const modern = await page.run(() =>
      Array.prototype.slice
        .call(document.querySelectorAll('astro-island'))
        .map((island: Element) => island.getAttribute('component-url'))
        .filter((url: string | null) => !/\/_astro\/legacy\//.test(url || '')),
    );
    expect(modern).toEqual([]);
    expect(await page.run(layoutProblems)).toEqual([]);
  }

  async function done(page: EnginePage) {
    expect(page.problems).toEqual([]);
    await page.close();
  }

  test('the shell on a text page: status bar, dark theme and the host’s locale, with no script but its own', async () => {
    const page = await engine.newPage(hostScript({ ...defaultState(), baseInfo: { ...defaultState().baseInfo, language: 'th_TH' } }));
    await page.goto(`${origin}/license.html?status_height=40&dark=1&bgColor=171717`);
    await page.until('the move to the host’s locale', () => location.pathname === '/th-TH/license.html');
    const shell = await page.run(() => {
      const html = document.documentElement;
      const bar = document.querySelector('.bar')!.getBoundingClientRect();
      return {
        lang: html.lang,
        theme: html.getAttribute('data-theme'),
        background: getComputedStyle(document.body).backgroundColor,
        barTop: Math.round(bar.top),
        barBottom: Math.round(bar.bottom),
        query: location.search,
        // Spec §7's helpers the host may call.
        helpers: [(window as any).getH5Theme(), (window as any).getH5Language()],
      };
    });
    expect(shell).toEqual({
      lang: 'th-TH',
      theme: 'dark1',
      background: 'rgb(23, 23, 23)',
      barTop: 0,
      barBottom: 90,
      query: '?status_height=40&dark=1&bgColor=171717',
      helpers: ['{"bgColor":"171717","dark":1}', '{"language":"th-TH"}'],
    });
    expect(await page.run(layoutProblems)).toEqual([]);
    await done(page);
  });

  test('VIP: a month bought through the host, in vi-VN', async () => {
    const { page } = await inApp('/vi-VN/vip-center', { state: { providerUrl: '/api/dev/provider' } });
    await firstScreen(page);
    await page.visible('.vip-state', t('vi-VN', 'vip.notMember'));
    await page.visible('.vip-plan[aria-pressed="true"]', t('vi-VN', 'vip.periodMonth'));
    await page.tap('a.vip-buy');
    await page.until('the payment page', () => location.pathname === '/vi-VN/channel' && /plan=vip-month/.test(location.search));
    await firstScreen(page);
    await page.tap('button.vip-buy');
    await page.until('the way back to the VIP Center', () => location.pathname === '/vi-VN/vip-center');
    await page.visible('.vip-banner', before(t('vi-VN', 'vip.doneActivated', { tier: 'VIP', days: 31 }), 'date'));
    await page.visible('.vip-state', /31/);
    // Announced once: the order has left the address, so a reload says nothing again.
    await page.until('the order out of the address', () => !/order=/.test(location.search));
    await done(page);
  });

  test('VIP in ms-MY: a code, then a day of SVIP over it, each said before and after in the ledger’s words (issue 38)', async () => {
    const { page } = await inApp('/ms-MY/exchange-members', { state: { providerUrl: '/api/dev/provider' } });
    await firstScreen(page);
    const { code } = await post<{ code: string }>('/api/dev/redeem-code', { tier: 'vip', days: 7 });
    await page.type('#redeem-code', code);
    await page.tap('button.vip-buy');
    // Intl.PluralRules and the plural blocks, on this engine.
    await page.visible('.vip-banner', before(t('ms-MY', 'vip.doneActivated', { tier: 'VIP', days: 7 }), 'date'));
    await page.goto(`${origin}/ms-MY/vip-center?status_height=24&app_sessionid=${await page.run(() => localStorage.getItem('app_sessionid'))}`);
    await firstScreen(page);
    await page.tap('.vip-tier', 'SVIP');
    await page.tap('.vip-plan', t('ms-MY', 'vip.periodDay'));
    await page.visible('.vip-terms', before(t('ms-MY', 'vip.getsUpgraded', { days: 1 }), 'date'));
    await page.tap('a.vip-buy');
    await page.until('the payment page', () => location.pathname === '/ms-MY/channel' && /plan=svip-day/.test(location.search));
    await firstScreen(page);
    await page.visible('.vip-terms', before(t('ms-MY', 'vip.getsUpgraded', { days: 1 }), 'date'));
    await page.tap('button.vip-buy');
    await page.visible('.vip-banner', before(t('ms-MY', 'vip.doneUpgraded', { days: 1 }), 'date'));
    await page.visible('.vip-card', before(t('ms-MY', 'vip.thenVip'), 'date'));
    await done(page);
  });

  test('coins: 300 coins recharged, the balance and the notice', async () => {
    const { page } = await inApp('/k-recharge', { state: { providerUrl: '/api/dev/provider' } });
    await firstScreen(page);
    await page.visible('.coins-balance', '0');
    await page.tap('button', pattern(t('en-US', 'coins.coins', { coins: 300 })));
    await page.tap('button', new RegExp(`^\\s*${RegExp.escape(before(t('en-US', 'coins.pay'), 'price'))}`));
    await page.visible('.coins-notice', t('en-US', 'coins.credited', { coins: 310, balance: 310 }));
    expect(await page.text('.coins-balance')).toBe('310');
    await done(page);
  });

  test('feedback in ms-MY: refused empty with every message, then typed and sent', async () => {
    const { page } = await inApp('/ms-MY/feedback');
    await firstScreen(page);
    await page.tap('button.form-submit');
    await page.visible('fieldset .form-error');
    await page.visible('#feedback-contact-note');
    await page.tap('label', /Pengalaman pengguna/);
    await page.fill(t('ms-MY', 'help.descriptionLabel'), 'Muat turun berhenti apabila skrin dikunci.');
    await page.fill(new RegExp(`^\\s*${RegExp.escape(t('ms-MY', 'form.contact'))}`), 'saya@example.com');
    await page.tap('button.form-submit');
    await page.visible('h2, h1', t('ms-MY', 'help.sentTitle'));
    await done(page);
  });

  test('report a comment in fil-PH: a reason is asked for, then the report is sent', async () => {
    const { page } = await inApp('/fil-PH/k-report');
    await firstScreen(page);
    await page.visible('.reported-title', 'This chorus lives in my head rent-free. Best song of the year!');
    await page.tap('button.form-submit');
    await page.visible('.choices .form-error');
    await page.tap('.choices label');
    await page.tap('button.form-submit');
    await page.until('the thanks', () => !document.querySelector('button.form-submit') && !!document.querySelector('h2, [role="status"]'));
    await done(page);
  });

  test('the bridge check in ms-MY: every automatic check passes on the fake host, and a tapped command is checked', async () => {
    const { page } = await inApp('/ms-MY/bridge-check', { query: '&wait=5' });
    await firstScreen(page);
    await page.until('the automatic part', () => document.documentElement.getAttribute('data-bridge-check') === 'done');
    const automatic = await page.run(() =>
      (window as unknown as { bridgeReport: { results: Array<{ call: string; kind: string; status: string }> } }).bridgeReport.results
        .filter((r) => r.kind !== 'command' && r.kind !== 'event')
        .map((r) => `${r.call} ${r.status}`),
    );
    expect(automatic.filter((line) => !line.endsWith(' pass'))).toEqual([]);
    expect(automatic.length).toBeGreaterThan(10);
    await page.tap('[data-call="launchHTDialog2"] .kit-run');
    await page.until('the dialog checked', () => document.querySelector('[data-call="launchHTDialog2"]')!.getAttribute('data-status') === 'pass');
    await done(page);
  });

  test('download quota: a member sees what is left of 300', async () => {
    const { page } = await inApp('/download', { uid: '10002', state: { account: MEMBER } });
    await firstScreen(page);
    await page.visible('.quota-left', pattern(t('en-US', 'music.quotaLeft'), { left: /\d+/ }));
    await page.visible('.music-hero', pattern(t('en-US', 'music.quotaUsed', { total: 300 }), { used: /\d+/ }));
    await done(page);
  });

  test('a song list: ten songs, then Play all through the host', async () => {
    const { page } = await inApp('/oppo-music');
    await firstScreen(page);
    await page.visible('.playlist .song');
    await page.tap('.playlist button', pattern(t('en-US', 'music.playAll')));
    await page.until('launchPlay', () =>
      (window as unknown as { __fakeHost: { calls: { method: string }[] } }).__fakeHost.calls.some((c) => c.method === 'launchPlay'),
    );
    await done(page);
  });

  test('a personal-data request: every rule first, then the code from the e-mail, sent', async () => {
    const { page, uid } = await inApp('/private.html', { state: { captchaUrl: '/api/dev/export-captcha' } });
    await firstScreen(page);
    await page.tap('button', t('en-US', 'personal.submit'));
    await page.visible('.form-error, [id$="-note"]', t('en-US', 'personal.emailEmpty'));
    await page.fill(t('en-US', 'personal.emailLabel'), `${uid}@example.com`);
    await page.tap('button', t('en-US', 'personal.sendCode'));
    await page.visible('button', pattern(t('en-US', 'personal.resendIn'), { seconds: /\d+/ }));
    // The code the server mailed (its development outbox), once the host has asked for it.
    const { code } = await until(() => post<{ code: string }>('/api/dev/export-code', { uid }));
    await page.fill(t('en-US', 'personal.codeLabel'), code);
    await page.fill(t('en-US', 'personal.passwordLabel'), '123456');
    await page.fill(t('en-US', 'personal.passwordAgain'), '123456');
    await page.tap('button', t('en-US', 'personal.submit'));
    await page.visible('h2, h1', t('en-US', 'personal.sentTitle'));
    await done(page);
  });

  // What happened to a page on this engine reaches `npm run field`, and nothing of the user.
  test('field reports: an error after load, a chunk that fails and a broken host answer reach npm run field', async () => {
    const { page, uid } = await inApp('/vi-VN/vip-center', {
      state: { overrides: { accountInfo: JSON.stringify({ isLogin: true, nickname: 'Field Tester', vip: { is_vip: 'yes', valid_time: 0 } }) } },
    });
    // Not firstScreen's layout checks: with the host's account refused, the page asks to sign in in a
    // sheet over the plans, which is what it should do.
    await page.until('the islands to hydrate', () => document.readyState === 'complete' && !document.querySelector('astro-island[ssr]'));
    await page.until('the reporter to take the queue over', () => (window as any).__field && !Array.isArray((window as any).__field));
    const chunk = await page.run(() => {
      // A chunk that is not there, asked for the way the build asks for every lazy chunk.
      // Its failure is noted as the import rejects: a 404 that comes back after the page has gone is no
      // failure the user met, and no report (on a busy machine it can come after the script below).
      (window as any).__importAgain('./field-missing.js', location.origin + '/_astro/legacy/x.js').catch(() => ((window as any).chunkFailed = true));
      // An error of the page's own origin: one of its modules run as a classic script does not parse.
      // (What a script sent over the DevTools protocol throws, the engine hides as "Script error.")
      const url = document.querySelector('astro-island[component-url*="Tracking"]')!.getAttribute('component-url')!;
      const script = document.createElement('script');
      script.src = url;
      script.onerror = script.onload = () => ((window as any).ran = true);
      document.body.appendChild(script);
      return new URL(url, location.href).pathname;
    });
    await page.until('the script to have run', () => (window as any).ran);
    await page.until('the missing chunk to have failed', () => (window as any).chunkFailed);
    await page.goto('about:blank');
    const engineName = `chromium ${chromium}`;
    // Its message is the engine's own ("Unexpected token {" on 64, "Cannot use import statement…" later).
    const error = new RegExp(`^\\s+\\d+\\s+\\S.*\\s${chunk.replace(/\./g, '\\.')}\\s.*${engineName}\\b`, 'm');
    // The beacon goes on its own: `npm run field` until it shows this engine's error and the chunk.
    const report = await until(async () => {
      const text = execFileSync(process.execPath, ['scripts/field.mjs'], { env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' });
      if (!error.test(text) || !/field-missing/.test(text)) throw new Error(`not reported yet:\n${text}`);
      return text;
    });
    const line = (pattern: RegExp) => report.split('\n').find((row) => pattern.test(row)) ?? '';
    expect(line(new RegExp(`^\\s+/vip-center\\s+${engineName}\\s+in app`))).toMatch(/in app\s+\d+\s+\d+\s+\d+/);
    expect(line(error)).toMatch(/12\.3\.0/);
    expect(line(/field-missing/)).toMatch(/^\s+[1-9]\d*\s+\d+\s+\/_astro\/legacy\/field-missing\.js$/);
    expect(report).toMatch(new RegExp(`accountInfo\\s+invalid value at vip\\.is_vip \\(expected \\(0 \\| 1\\)\\)\\s+[^\\n]*${engineName}`));
    for (const personal of [uid, 'Field Tester']) expect(report).not.toContain(personal);
    // What the page met on purpose, and nothing else.
    expect(page.problems.filter((problem) => !/SyntaxError/.test(problem) && !/field-missing/.test(problem))).toEqual([]);
    await page.close();
  });
});
