// @vitest-environment happy-dom
import fc from 'fast-check';
import * as v from 'valibot';
import { afterEach, describe, expect, it } from 'vitest';
import { account } from '../../shared/bridge/calls/app';
import { $selfInfo, SELF_INFO_FIELDS, type SelfInfo } from '../stores/self-info';
import { FIELD_BATCH, type FieldBatch, type FieldEvent } from '../../shared/field/contract';
import { noteField, queueHolder, type FieldNote } from './note';
import { cleanSource, engineOf, startFieldReport, toEvent, type FieldDeps } from './reporter';
import { FIELD_EVENTS_MAX, FIELD_VIEW_EVENTS_MAX } from '../../shared/field/rules';

const BASE = 'https://h5.example.com/vi-VN/vip-center?app_sessionid=S3cretSess10nId0000000000000000';
const page = { route: 'vip-center', locale: 'vi-VN' } as const;

/** A reporter with a fake browser: what it sends, and a way to hide the page. */
function fakeBrowser(overrides: Partial<FieldDeps> = {}) {
  const sent: FieldBatch[] = [];
  const hides: (() => void)[] = [];
  const deps: FieldDeps = {
    send: (batch) => sent.push(JSON.parse(JSON.stringify(batch))),
    onHide: (callback) => hides.push(callback),
    random: () => 0,
    base: BASE,
    userAgent:
      'Mozilla/5.0 (Linux; Android 8.1.0; CPH1803 Build/OPM1.171019.026; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/64.0.3282.137 Mobile Safari/537.36',
    watchTimings: () => () => [
      { kind: 'timing', name: 'FCP', value: 812 },
      { kind: 'timing', name: 'useful', value: 1460 },
    ],
    ...overrides,
  };
  return { deps, sent, hide: () => hides.forEach((callback) => callback()) };
}

const errorNote = (message: string, extra: Partial<ErrorEvent> = {}): FieldNote => ({
  kind: 'error',
  event: { type: 'error', message, filename: 'https://h5.example.com/_astro/core.x.js?app_sessionid=abc', lineno: 3, colno: 14, ...extra },
});

afterEach(() => {
  delete queueHolder().__field;
  $selfInfo.set({} as SelfInfo);
});

describe('the field reporter', () => {
  it("sends what core noted before it loaded, and after, with the page view's context and its timings, at the first hide", () => {
    $selfInfo.set({ ...$selfInfo.get(), uid: '20845', dev_app_version: '10.2.1' });
    noteField({ kind: 'api', endpoint: '/api/vip/plans', code: 'timeout', status: 0 });
    noteField(errorNote('Cannot read properties of undefined'));
    const browser = fakeBrowser();
    startFieldReport(page, browser.deps);
    noteField({ kind: 'chunk', chunk: 'https://h5.example.com/_astro/ReportForm.x.js', recovered: true });
    expect(browser.sent).toEqual([]);
    browser.hide();
    expect(browser.sent).toHaveLength(1);
    const [batch] = browser.sent;
    expect(v.is(FIELD_BATCH, batch)).toBe(true);
    expect(batch).toMatchObject({ route: 'vip-center', locale: 'vi-VN', engine: { name: 'chromium', major: 64 }, app: '10.2.1', inApp: false });
    expect(batch!.events).toEqual([
      { kind: 'api', endpoint: '/api/vip/plans', code: 'timeout', status: 0 },
      { kind: 'error', message: 'Cannot read properties of undefined', source: '/_astro/core.x.js', line: 3, col: 14, rejection: false },
      { kind: 'chunk', chunk: '/_astro/ReportForm.x.js', recovered: true },
      { kind: 'timing', name: 'FCP', value: 812 },
      { kind: 'timing', name: 'useful', value: 1460 },
    ]);
    // Shown and hidden again: only what is new, and the timings not twice.
    noteField(errorNote('later'));
    browser.hide();
    expect(browser.sent).toHaveLength(2);
    expect(browser.sent[1]!.events.map((event) => event.kind)).toEqual(['error']);
    expect(browser.sent[1]!.view).toBe(batch!.view);
  });

  it('names the rule a host answer broke, by its place in the schema, never the value', () => {
    const note: FieldNote = {
      kind: 'bridge',
      method: 'accountInfo',
      rule: 'invalid value',
      value: { isLogin: true, vip: { is_vip: 1, valid_time: '+62 812 3456 7890' } },
      schema: account,
    };
    expect(toEvent(note, BASE)).toEqual({ kind: 'bridge', method: 'accountInfo', rule: 'invalid value at vip.valid_time (expected number)' });
  });

  it('leaves out a note the contract would refuse, rather than lose its batch with it', () => {
    expect(toEvent({ kind: 'api', endpoint: '/api/vip/plans?x=1', code: 'timeout', status: 0 }, BASE)).toBeNull();
    expect(toEvent({ kind: 'api', endpoint: '/api/vip/plans', code: 'not a code', status: 0 }, BASE)).toBeNull();
    expect(toEvent({ kind: 'bridge', method: 'bad method', rule: 'not JSON' }, BASE)).toBeNull();
    expect(toEvent({ kind: 'api', endpoint: '/api/vip/plans', code: 'http.502', status: 502 }, BASE)).toEqual({
      kind: 'api',
      endpoint: '/api/vip/plans',
      code: 'http.502',
      status: 502,
    });
  });

  it('reads a rejection’s file, line and column from its stack', () => {
    const reason = new Error('Request failed');
    reason.stack =
      'Error: Request failed\n    at u (https://h5.example.com/_astro/vip.x.js?v=2:1:2045)\n    at async https://h5.example.com/_astro/core.y.js:1:99';
    expect(toEvent({ kind: 'error', event: { type: 'unhandledrejection', reason } }, BASE)).toEqual({
      kind: 'error',
      message: 'Request failed',
      source: '/_astro/vip.x.js',
      line: 1,
      col: 2045,
      rejection: true,
    });
    expect(toEvent({ kind: 'error', event: { type: 'unhandledrejection', reason: 'plain' } }, BASE)).toMatchObject({
      message: 'plain',
      source: '',
      rejection: true,
    });
  });

  it('sends batches of at most FIELD_EVENTS_MAX, FIELD_VIEW_EVENTS_MAX in all, and the same error once', () => {
    const browser = fakeBrowser({ watchTimings: () => () => [] });
    startFieldReport(page, browser.deps);
    for (let i = 0; i < 3; i++) noteField(errorNote('the same, in a loop'));
    for (let i = 0; i < 150; i++) noteField(errorNote(`error ${i}`));
    browser.hide();
    const events = browser.sent.flatMap((batch) => batch.events);
    expect(events).toHaveLength(FIELD_VIEW_EVENTS_MAX);
    expect(events.filter((event) => event.kind === 'error' && event.message === 'the same, in a loop')).toHaveLength(1);
    expect(Math.max(...browser.sent.map((batch) => batch.events.length))).toBe(FIELD_EVENTS_MAX);
    expect(browser.sent.every((batch) => v.is(FIELD_BATCH, batch))).toBe(true);
  });

  it('outside the sample sends nothing, and the queue stops growing', () => {
    noteField(errorNote('before'));
    const browser = fakeBrowser({ random: () => 0.5 });
    startFieldReport(page, browser.deps, 0.1);
    for (let i = 0; i < 10; i++) noteField(errorNote(`after ${i}`));
    browser.hide();
    expect(browser.sent).toEqual([]);
    expect(Array.isArray(queueHolder().__field)).toBe(false);
  });

  it('knows the engine from the user agent', () => {
    expect(engineOf('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36')).toEqual({
      name: 'chromium',
      major: 156,
    });
    expect(engineOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1')).toEqual({
      name: 'other',
      major: 0,
    });
  });

  it("keeps a script's path on this site, another site's origin, and never a query or a hash", () => {
    expect(cleanSource('/_astro/a.js?app_sessionid=x#y', BASE)).toBe('/_astro/a.js');
    expect(cleanSource('https://cdn.example.net/lib.js?token=1', BASE)).toBe('https://cdn.example.net/lib.js');
    expect(cleanSource('http://[bad', BASE)).toBe('');
  });
});

/** What must never leave the phone, put wherever a page could meet it. */
const secrets = fc.record({
  uid: fc.stringMatching(/^[1-9]\d{6,11}$/),
  session: fc.stringMatching(/^[A-Za-z0-9]{32}$/),
  phone: fc.stringMatching(/^\+\d{2} \d{3}-?\d{4}-?\d{4}$/),
  email: fc
    .tuple(fc.stringMatching(/^[a-z][a-z0-9.]{0,10}[a-z0-9]$/), fc.stringMatching(/^[a-z]{2,10}\.(com|co\.id|vn)$/))
    .map(([name, host]) => `${name}@${host}`),
  nickname: fc.stringMatching(/^[A-Z][a-z]{5,12}Q[a-z]{3}$/),
  typed: fc.stringMatching(/^Typed[A-Za-z]{8,20}$/),
});

describe('nothing personal leaves the page', () => {
  it('for any user, session and text the page meets, the batches hold none of them (property)', () => {
    fc.assert(
      fc.property(secrets, fc.integer({ min: 0, max: 3 }), (s, where) => {
        delete queueHolder().__field;
        const self = {} as SelfInfo;
        for (const field of SELF_INFO_FIELDS) self[field] = `${field}-${s.nickname}`;
        $selfInfo.set({ ...self, uid: s.uid, dev_app_version: '10.2.1' });
        localStorage.setItem('app_sessionid', s.session);
        const browser = fakeBrowser({ base: `https://h5.example.com/vi-VN/k-feedback?app_sessionid=${s.session}&uid=${s.uid}#${s.typed}` });
        const said = [`no account for ${s.email}`, `phone ${s.phone} refused`, `uid ${s.uid} not found`, `${s.email} / ${s.uid}`][where]!;
        noteField(errorNote(said, { filename: `https://h5.example.com/_astro/x.js?app_sessionid=${s.session}&q=${s.typed}` }));
        const reason = new Error(said);
        reason.stack = `Error: ${said}\n    at f (https://h5.example.com/_astro/y.js?uid=${s.uid}:1:5)`;
        noteField({ kind: 'error', event: { type: 'unhandledrejection', reason } });
        noteField({
          kind: 'bridge',
          method: 'accountInfo',
          rule: 'invalid value',
          value: { isLogin: true, nickname: s.nickname, vip: { is_vip: s.phone } },
          schema: account,
        });
        noteField({ kind: 'chunk', chunk: `https://h5.example.com/_astro/z.js?app_sessionid=${s.session}`, recovered: false });
        startFieldReport(page, browser.deps);
        browser.hide();
        const wire = JSON.stringify(browser.sent);
        for (const secret of Object.values(s)) expect(wire).not.toContain(secret);
        for (const digits of [s.uid, s.phone.replace(/\D/g, '')]) expect(wire.replace(/\D/g, ' ')).not.toContain(digits);
        expect(browser.sent.every((batch) => v.is(FIELD_BATCH, batch))).toBe(true);
        const events: FieldEvent[] = browser.sent.flatMap((batch) => batch.events);
        expect(events.filter((event) => event.kind !== 'timing')).toHaveLength(4);
      }),
      { numRuns: 200 },
    );
  });
});
