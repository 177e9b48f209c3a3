import { describe, expect, it } from 'vitest';
import { FIELD_VIEW_EVENTS_MAX } from '../../src/shared/field/rules';
import { useApiServer } from '../../tests/fixtures/api-server';
import { error, fieldBatch, postField, timing } from '../../tests/fixtures/field';
import { fieldReport } from '../field-report';
import { DAY_MS } from '../time';

describe('POST /api/field', () => {
  const api = useApiServer('field-');

  it('stores a batch without a session, and the report shows it with the p75 of its page views', async () => {
    // Four page views of /k-recharge on Chromium 64 in the app: LCP p75 over 1000…4000 is the third, 3000.
    for (const [i, lcp] of [4000, 1000, 3000, 2000].entries()) {
      const events = [timing('LCP', lcp), timing('CLS', i / 100), ...(i === 0 ? [error('x is not a function')] : [])];
      const reply = await postField(api.base, fieldBatch({ route: 'k-recharge', events }));
      expect(reply).toMatchObject({ status: 200, body: { code: 0, data: { accepted: events.length, dropped: 0 } } });
    }
    await postField(
      api.base,
      fieldBatch({ route: 'k-recharge', engine: { name: 'chromium', major: 120 }, app: null, inApp: false, events: [error('x is not a function')] }),
    );

    const report = fieldReport(api.db);
    const inApp = report.pages.find((page) => page.route === 'k-recharge' && page.major === 64)!;
    expect(inApp).toMatchObject({ engine: 'chromium', inApp: true, views: 4 });
    expect(inApp.p75).toEqual({ TTFB: null, FCP: null, LCP: 3000, CLS: 0.02, INP: null, useful: null });
    expect(report.pages.find((page) => page.route === 'k-recharge' && page.major === 120)).toMatchObject({ inApp: false, views: 1, p75: { LCP: null } });
    expect(report.errors.find((e) => e.message === 'x is not a function')).toEqual({
      message: 'x is not a function',
      source: '/_astro/core.abc.js',
      count: 2,
      engines: ['chromium 64', 'chromium 120'],
      apps: ['10.2.1', null],
    });
  });

  it('stores one row per event, with its context and nothing that names the sender', async () => {
    const batch = fieldBatch({ route: '', locale: 'th-TH', events: [{ kind: 'chunk', chunk: '/_astro/Plans.abc.js', recovered: true }] });
    await postField(api.base, batch, '127.0.0.21');
    const columns = (api.db.prepare('PRAGMA table_info(field_events)').all() as Array<{ name: string }>).map((column) => column.name);
    expect(columns).toEqual(['id', 'received_at', 'view', 'route', 'locale', 'engine', 'major', 'app', 'in_app', 'kind', 'data']);
    const row = api.db.prepare('SELECT view, route, locale, engine, major, app, in_app, kind, data FROM field_events WHERE view = ?').get(batch.view);
    expect({ ...row }).toEqual({
      view: batch.view,
      route: '',
      locale: 'th-TH',
      engine: 'chromium',
      major: 64,
      app: '10.2.1',
      in_app: 1,
      kind: 'chunk',
      data: '{"chunk":"/_astro/Plans.abc.js","recovered":true}',
    });
  });

  it(`stores at most ${FIELD_VIEW_EVENTS_MAX} events of one page view, drops the rest, and says so`, async () => {
    const view = 'oneViewThatNeverStops';
    const thirty = Array.from({ length: 30 }, (_, i) => timing('INP', i));
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await postField(api.base, fieldBatch({ view, events: thirty }))).body.data);
    expect(answers).toEqual([
      { accepted: 30, dropped: 0 },
      { accepted: 30, dropped: 0 },
      { accepted: 30, dropped: 0 },
      { accepted: 10, dropped: 20 },
      { accepted: 0, dropped: 30 },
    ]);
    expect(api.db.prepare('SELECT COUNT(*) AS n FROM field_events WHERE view = ?').get(view)!.n).toBe(FIELD_VIEW_EVENTS_MAX);
    // Another page view is not held to this one's bound.
    expect((await postField(api.base, fieldBatch({ events: thirty }))).body.data).toEqual({ accepted: 30, dropped: 0 });
  });
});

describe('the bounds on what is kept', () => {
  let t = Date.UTC(2026, 0, 1);
  const api = useApiServer('field-bounds-', { now: () => t, field: { rowsMax: 50 } });
  const values = () => (api.db.prepare('SELECT data FROM field_events ORDER BY id').all() as Array<{ data: string }>).map((row) => JSON.parse(row.data).value);

  it('keeps the newest rows past the row bound, the oldest deleted first', async () => {
    for (let batch = 0; batch < 3; batch++) {
      const events = Array.from({ length: 30 }, (_, i) => timing('TTFB', batch * 30 + i));
      expect((await postField(api.base, fieldBatch({ events }))).body.data).toEqual({ accepted: 30, dropped: 0 });
    }
    // 90 stored in arrival order 0…89: the 50 newest are 40…89.
    expect(values()).toEqual(Array.from({ length: 50 }, (_, i) => 40 + i));
  });

  it('sweeps rows older than 30 days, by the clock of the server', async () => {
    api.db.exec('DELETE FROM field_events');
    await postField(api.base, fieldBatch({ events: [timing('FCP', 1)] }));
    t += 2 * DAY_MS;
    await postField(api.base, fieldBatch({ events: [timing('FCP', 2)] }));
    // 30 days and a minute after the first: it goes, the one two days younger stays.
    t += 28 * DAY_MS + 60_000;
    await postField(api.base, fieldBatch({ events: [timing('FCP', 3)] }));
    expect(values()).toEqual([2, 3]);
    t += 3 * DAY_MS;
    await postField(api.base, fieldBatch({ events: [timing('FCP', 4)] }));
    expect(values()).toEqual([3, 4]);
  });
});
