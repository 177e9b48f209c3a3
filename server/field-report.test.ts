import { beforeEach, describe, expect, it } from 'vitest';
import type { FieldBatch, FieldEvent } from '../src/shared/field/contract';
import { error, fieldBatch, timing } from '../tests/fixtures/field';
import { fieldRoutes } from './api/field';
import { openDb, type Db } from './db';
import { fieldRecords, fieldReport, nearestRank } from './field-report';
import { formatFieldReport, printable } from './field-report-text';

describe('nearestRank', () => {
  it.each<[number[], number, number | null]>([
    [[], 0.75, null],
    [[7], 0.75, 7],
    [[1, 2], 0.75, 2],
    [[3, 1, 2], 0.75, 3],
    // ⌈0.75 × 4⌉ = 3: the third of four, never a value between two of them.
    [[400, 100, 300, 200], 0.75, 300],
    [[100, 200, 300, 400, 500], 0.75, 400],
    [[1, 2, 3, 4, 5, 6, 7, 8], 0.75, 6],
    [Array.from({ length: 100 }, (_, i) => 100 - i), 0.75, 75],
    [[0.1, 0.02, 0.3], 0.75, 0.3],
    [[5, 5, 5, 9], 0.5, 5],
    [[5, 6, 7, 8], 1, 8],
    [[5, 6, 7, 8], 0, 5],
  ])('of %j at %d is %d', (values, p, expected) => {
    expect(nearestRank(values, p)).toBe(expected);
  });

  it('leaves its input as it was', () => {
    const values = [3, 1, 2];
    nearestRank(values, 0.75);
    expect(values).toEqual([3, 1, 2]);
  });
});

describe('fieldReport', () => {
  let db: Db;
  let t: number;
  const send = async (batch: FieldBatch) => {
    const answer = await fieldRoutes(db, () => t).request('/api/field', { method: 'POST', body: JSON.stringify(batch) });
    expect(answer.status).toBe(200);
  };
  const chunk = (path: string, recovered: boolean): FieldEvent => ({ kind: 'chunk', chunk: path, recovered });
  const bridge = (method: string, rule: string): FieldEvent => ({ kind: 'bridge', method, rule });
  const api = (endpoint: string, code: string, status: number): FieldEvent => ({ kind: 'api', endpoint, code, status });

  beforeEach(() => {
    db = openDb(':memory:');
    t = Date.UTC(2026, 0, 1, 8);
  });

  it('is empty on an empty table', () => {
    expect(fieldReport(db)).toEqual({ events: 0, views: 0, first: null, last: null, pages: [], errors: [], chunks: [], bridge: [], api: [] });
    expect(formatFieldReport(fieldReport(db))).toContain('Field reports: none stored');
  });

  it('counts page views per route × engine × place, with the last value of each timing a view sent', async () => {
    const view = 'sameViewTwiceOver';
    await send(fieldBatch({ view, route: 'vip-center', events: [timing('CLS', 0.01), timing('LCP', 900)] }));
    // The same view later: CLS has grown; its last value is the one that counts.
    await send(fieldBatch({ view, route: 'vip-center', events: [timing('CLS', 0.2), error('late')] }));
    await send(fieldBatch({ route: 'vip-center', events: [timing('CLS', 0.05)] }));
    await send(fieldBatch({ route: 'vip-center', inApp: false, app: null, events: [timing('TTFB', 120)] }));
    await send(fieldBatch({ route: 'vip-center', engine: { name: 'chromium', major: 120 }, events: [timing('useful', 1500)] }));
    await send(fieldBatch({ route: '', engine: { name: 'other', major: 17 }, events: [error('boom')] }));
    t += 3_600_000;
    await send(fieldBatch({ route: 'vip-center', events: [error('late')] }));

    const report = fieldReport(db);
    expect(report).toMatchObject({ events: 9, views: 6, first: Date.UTC(2026, 0, 1, 8), last: Date.UTC(2026, 0, 1, 9) });
    expect(report.pages.map((p) => [p.route, `${p.engine} ${p.major}`, p.inApp, p.views])).toEqual([
      ['', 'other 17', true, 1],
      ['vip-center', 'chromium 64', true, 3],
      ['vip-center', 'chromium 64', false, 1],
      ['vip-center', 'chromium 120', true, 1],
    ]);
    const inApp = report.pages[1]!;
    // CLS over two views, 0.2 (not 0.01) and 0.05: ⌈1.5⌉ = 2nd = 0.2. LCP from one view only.
    expect(inApp.p75).toEqual({ TTFB: null, FCP: null, LCP: 900, CLS: 0.2, INP: null, useful: null });
    expect(inApp.samples).toEqual({ TTFB: 0, FCP: 0, LCP: 1, CLS: 2, INP: 0, useful: 0 });
    expect(report.pages[2]!.p75.TTFB).toBe(120);
    expect(report.pages[3]!.p75.useful).toBe(1500);
  });

  it('groups errors, chunk failures, contract violations and API failures, the most frequent first', async () => {
    await send(
      fieldBatch({ engine: { name: 'chromium', major: 80 }, app: '9.8.0', events: [error('a'), error('a'), error('b', '/x.js'), chunk('/c1.js', true)] }),
    );
    await send(fieldBatch({ engine: { name: 'chromium', major: 64 }, app: '10.10.0', events: [error('a'), chunk('/c1.js', false), chunk('/c2.js', false)] }));
    await send(fieldBatch({ engine: { name: 'chromium', major: 64 }, app: null, inApp: false, events: [error('a', '/other.js'), chunk('/c2.js', true)] }));
    await send(
      fieldBatch({
        app: '10.2.0',
        events: [bridge('accountInfo', 'vip: Invalid type'), bridge('accountInfo', 'vip: Invalid type'), bridge('dark', 'dark: Invalid type')],
      }),
    );
    await send(fieldBatch({ app: '10.10.0', events: [bridge('accountInfo', 'vip: Invalid type')] }));
    await send(fieldBatch({ events: [api('/api/vip/plans', 'http.502', 502), api('/api/vip/plans', 'network', 0), api('/api/vip/plans', 'http.502', 502)] }));
    await send(fieldBatch({ events: [api('/api/vip/plans', 'http.502', 503)] }));

    const report = fieldReport(db);
    expect(report.errors).toEqual([
      { message: 'a', source: '/_astro/core.abc.js', count: 3, engines: ['chromium 64', 'chromium 80'], apps: ['9.8.0', '10.10.0'] },
      { message: 'a', source: '/other.js', count: 1, engines: ['chromium 64'], apps: [null] },
      { message: 'b', source: '/x.js', count: 1, engines: ['chromium 80'], apps: ['9.8.0'] },
    ]);
    expect(report.chunks).toEqual([
      { chunk: '/c1.js', failed: 1, recovered: 1 },
      { chunk: '/c2.js', failed: 1, recovered: 1 },
    ]);
    expect(report.bridge).toEqual([
      { method: 'accountInfo', rule: 'vip: Invalid type', count: 3, engines: ['chromium 64'], apps: ['10.2.0', '10.10.0'] },
      { method: 'dark', rule: 'dark: Invalid type', count: 1, engines: ['chromium 64'], apps: ['10.2.0'] },
    ]);
    expect(report.api).toEqual([
      { endpoint: '/api/vip/plans', code: 'http.502', count: 3, statuses: [502, 503] },
      { endpoint: '/api/vip/plans', code: 'network', count: 1, statuses: [0] },
    ]);
  });

  it('prints every table, "–" where a timing has no value', async () => {
    await send(fieldBatch({ route: 'k-recharge', events: [timing('LCP', 1840.4), timing('CLS', 0.0512), error('x is not a function')] }));
    await send(
      fieldBatch({ events: [chunk('/_astro/Plans.js', true), bridge('getKCoins', 'balance: Invalid type'), api('/api/coins/balance', 'badRequest', 422)] }),
    );
    const text = formatFieldReport(fieldReport(db));
    expect(text).toContain('Field reports: 6 events from 2 page views, received 2026-01-01 08:00 UTC – 2026-01-01 08:00 UTC');
    expect(text).toMatch(/route\s+engine\s+where\s+views\s+TTFB\s+FCP\s+LCP\s+CLS\s+INP\s+useful/);
    expect(text).toMatch(/\/k-recharge\s+chromium 64\s+in app\s+1\s+–\s+–\s+1840\s+0\.051\s+–\s+–/);
    expect(text).toMatch(/1\s+x is not a function\s+\/_astro\/core\.abc\.js\s+chromium 64\s+10\.2\.1/);
    expect(text).toMatch(/0\s+1\s+\/_astro\/Plans\.js/);
    expect(text).toMatch(/1\s+getKCoins\s+balance: Invalid type\s+chromium 64\s+10\.2\.1/);
    expect(text).toMatch(/1\s+\/api\/coins\/balance\s+badRequest\s+422/);
  });

  it('prints what an anonymous page wrote without letting it act on the terminal', async () => {
    await send(fieldBatch({ events: [error('\u001b[2J\u001b]0;owned\u0007 text \u202Eexe.js\r')] }));
    const text = formatFieldReport(fieldReport(db));
    expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f\u202e]/);
    expect(text).toContain('\\u001b[2J\\u001b]0;owned\\u0007 text \\u202eexe.js\\u000d');
    expect(printable('plain ✓ 中文')).toBe('plain ✓ 中文');
  });
});

describe('fieldRecords', () => {
  it('gives each stored event as one object: the context, when it arrived, the event', async () => {
    const db = openDb(':memory:');
    const batch = fieldBatch({ route: 'download', locale: 'vi-VN', events: [timing('INP', 96), { kind: 'chunk', chunk: '/_astro/x.js', recovered: false }] });
    await fieldRoutes(db, () => 1_767_225_600_000).request('/api/field', { method: 'POST', body: JSON.stringify(batch) });
    const context = {
      receivedAt: 1_767_225_600_000,
      view: batch.view,
      route: 'download',
      locale: 'vi-VN',
      engine: { name: 'chromium', major: 64 },
      app: '10.2.1',
      inApp: true,
    };
    expect([...fieldRecords(db)]).toEqual([
      { ...context, kind: 'timing', name: 'INP', value: 96 },
      { ...context, kind: 'chunk', chunk: '/_astro/x.js', recovered: false },
    ]);
  });
});
