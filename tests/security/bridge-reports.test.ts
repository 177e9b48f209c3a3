/**
 * The development server keeps what /bridge-check sends (POST /api/dev/bridge-report) for
 * the simulator to list. Whoever can reach it could try to fill its memory or plant something in the
 * simulator's page: a report is kept only in the kit's bounded shape, at most twenty of them, and
 * the route answers loopback only, like every development route (release.test.ts: none in a release).
 */
import { describe, expect, it } from 'vitest';
import { useApiServer } from '../fixtures/api-server';

const api = useApiServer('bridge-reports-');

/** A report as the kit builds it (src/lib/kit/report.ts). */
const report = (overrides: Record<string, unknown> = {}) => ({
  kit: 'bridge-check',
  version: 1,
  at: new Date().toISOString(),
  page: '/bridge-check',
  locale: 'en-US',
  engine: { chromium: 64, userAgent: 'Mozilla/5.0 Chrome/64.0.3282.137' },
  app: { version: '10.2.0', manufacturer: 'OPPO', model: 'PCLM10' },
  automaticDone: true,
  summary: { pass: 1, fail: 0, skipped: 0 },
  results: [{ call: 'getKCoins', kind: 'query', status: 'pass', reasons: [], raw: '{"balance":1}', text: [] }],
  ...overrides,
});

const post = async (body: unknown) =>
  (await fetch(`${api.base}/api/dev/bridge-report`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).status;
const kept = async () => ((await (await fetch(`${api.base}/api/dev/bridge-reports`)).json()) as { data: { reports: Array<{ at: string }> } }).data.reports;

describe('the bridge check reports of the development server', () => {
  it('keeps a report of the kit, newest first', async () => {
    expect(await post(report({ at: 'first' }))).toBe(200);
    expect(await post(report({ at: 'second' }))).toBe(200);
    expect((await kept()).slice(0, 2).map((r) => r.at)).toEqual(['second', 'first']);
  });

  it('refuses what is not a report, and a report with an oversized or extra-long part', async () => {
    const before = (await kept()).length;
    expect(await post({ hello: 'world' })).toBe(422);
    expect(await post(report({ kit: 'other' }))).toBe(422);
    expect(await post(report({ results: [{ call: 'x', kind: 'query', status: 'pass', reasons: [], raw: 'x'.repeat(5000), text: [] }] }))).toBe(422);
    expect(await post(report({ results: Array.from({ length: 101 }, () => report().results[0]) }))).toBe(422);
    expect(await post(report({ engine: { chromium: 64, userAgent: 'u'.repeat(600) } }))).toBe(422);
    expect((await kept()).length).toBe(before);
  });

  it('keeps twenty at most, however many arrive', async () => {
    for (let i = 0; i < 30; i++) expect(await post(report({ at: `r${i}` }))).toBe(200);
    const reports = await kept();
    expect(reports).toHaveLength(20);
    expect(reports[0]!.at).toBe('r29');
  });

  it('answers only loopback, like every development route', async () => {
    const status = (
      await fetch(`${api.base}/api/dev/bridge-report`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' },
        body: JSON.stringify(report()),
      })
    ).status;
    expect(status).toBe(404);
  });
});
