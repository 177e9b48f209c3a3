/**
 * Attacks on `POST /api/field`. Anyone may post field reports, signed in or not, so each
 * defence is tested by the request it stops: junk and oversized bodies refused with nothing stored,
 * personal data refused however a page let it slip, and one address's flood held to its own share
 * while other addresses' reports still land.
 */
import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { FIELD_BODY_MAX_BYTES } from '../../src/shared/field/rules';
import { useApiServer } from '../fixtures/api-server';
import { error, fieldBatch, postField, timing } from '../fixtures/field';

const MINUTE = 60_000;

describe('junk', () => {
  // A short body deadline: a body the server waited for would answer 408 within the test's time.
  const api = useApiServer('field-junk-', { bodyMs: 2_000 });
  const rows = () => Number(api.db.prepare('SELECT COUNT(*) AS n FROM field_events').get()!.n);
  // The bad event after a good one: a batch is stored whole or not at all.
  const after = (bad: object) => JSON.stringify(fieldBatch({ events: [timing('FCP', 1), bad as never] }));

  it.each<[string, () => string, string]>([
    ['text that is not JSON', () => '{"view":', 'The batch is not UTF-8 JSON.'],
    ['a kind nobody reports', () => after({ kind: 'crash' }), 'events.1.kind: Invalid type'],
    [
      'an unknown key (a field the contract does not let through)',
      () => after({ ...timing('LCP', 1), url: '/vip-center?app_sessionid=abc' }),
      'events.1.url: Invalid key',
    ],
    ['a message over 200 characters', () => after(error('x'.repeat(201))), 'events.1.message: Invalid length'],
    ['31 events', () => JSON.stringify(fieldBatch({ events: Array.from({ length: 31 }, () => timing('FCP', 1)) })), 'events: Invalid length'],
    ['an e-mail address in a message', () => after(error('no account for someone@example.com')), 'events.1.message: looks like an e-mail address'],
    ['an 8-digit number in a message', () => after(error('uid 10012345 is not signed in')), 'events.1.message: looks like an e-mail address'],
    ['a source with its query string', () => after(error('x', '/vip-center?app_sessionid=q3Zp&uid=10001')), 'events.1.source: has a query or a hash'],
    ['a uid beside the context', () => JSON.stringify({ ...fieldBatch(), uid: '10001' }), 'uid: Invalid key'],
  ])('refuses %s with 422, saying where, and stores nothing of the batch', async (_, body, message) => {
    const before = rows();
    const reply = await postField(api.base, body());
    expect(reply).toMatchObject({
      status: 422,
      body: { code: 'badRequest', message: expect.stringMatching(new RegExp(`^${message.replace(/[.?()]/g, '\\$&')}`)) },
    });
    expect(rows()).toBe(before);
  });

  it('refuses a body over 16 KB with 413', async () => {
    const before = rows();
    const body = JSON.stringify(fieldBatch()).replace(/}$/, `${' '.repeat(FIELD_BODY_MAX_BYTES)}}`);
    const reply = await postField(api.base, body);
    expect(reply).toMatchObject({ status: 413, body: { code: 'tooLarge', message: 'The batch is larger than 16 KB.' } });
    expect(rows()).toBe(before);
  });

  it('refuses a body declared over 16 KB before it arrives, rather than waiting to read up to 1 MB', async () => {
    // Headers and a first piece only: read first, the answer would be a 408 once the body's deadline passed.
    const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = httpRequest(`${api.base}/api/field`, {
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'text/plain', 'content-length': 900_000 },
      });
      request.on('response', (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      });
      request.on('error', reject);
      request.write('{"view":"');
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text)).toEqual({ code: 'tooLarge', message: 'The batch is larger than 16 KB.' });
  });

  it('refuses a body over 16 KB with 413 when it declares no length, counted as it arrives', async () => {
    const before = rows();
    const bytes = new TextEncoder().encode(JSON.stringify(fieldBatch()).replace(/}$/, `${' '.repeat(FIELD_BODY_MAX_BYTES)}}`));
    const body = new ReadableStream({
      start(controller) {
        controller.enqueue(bytes);
        controller.close();
      },
    });
    const response = await fetch(`${api.base}/api/field`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body, duplex: 'half' } as RequestInit);
    expect({ status: response.status, body: await response.json() }).toEqual({
      status: 413,
      body: { code: 'tooLarge', message: 'The batch is larger than 16 KB.' },
    });
    expect(rows()).toBe(before);
  });

  it('still stores a good batch after all of that', async () => {
    expect((await postField(api.base, fieldBatch())).body).toEqual({ code: 0, data: { accepted: 1, dropped: 0 } });
  });
});

describe('a flood from one address', () => {
  let t = Date.UTC(2026, 0, 1);
  const api = useApiServer('field-flood-', { now: () => t, field: { batchesPerMinute: 5, eventsPerHour: 40 } });
  const rowsOf = (route: string) => Number(api.db.prepare('SELECT COUNT(*) AS n FROM field_events WHERE route = ?').get(route)!.n);

  it('is refused past its batches a minute, unread, while another address still reports', async () => {
    const statuses = [];
    for (let i = 0; i < 7; i++) statuses.push((await postField(api.base, fieldBatch({ route: 'channel' }), '127.0.0.31')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    const refused = await postField(api.base, fieldBatch({ route: 'channel' }), '127.0.0.31');
    expect(refused).toMatchObject({ status: 429, body: { code: 'tooManyRequests' } });
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.headers.connection).toBe('close');
    expect(rowsOf('channel')).toBe(5);

    expect((await postField(api.base, fieldBatch({ route: 'download' }), '127.0.0.32')).status).toBe(200);
    // Junk counts too: parsing it costs the same.
    for (let i = 0; i < 5; i++) expect((await postField(api.base, '{', '127.0.0.33')).status).toBe(422);
    expect((await postField(api.base, fieldBatch(), '127.0.0.33')).status).toBe(429);

    // Two minutes later the sliding minute has passed.
    t += 2 * MINUTE;
    expect((await postField(api.base, fieldBatch({ route: 'channel' }), '127.0.0.31')).status).toBe(200);
  });

  it('stores at most its events an hour, across page views, and the rest are dropped', async () => {
    const thirty = () => fieldBatch({ route: 'feedback', events: Array.from({ length: 30 }, () => timing('LCP', 1)) });
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push((await postField(api.base, thirty(), '127.0.0.41')).body.data);
    expect(answers).toEqual([
      { accepted: 30, dropped: 0 },
      { accepted: 10, dropped: 20 },
      { accepted: 0, dropped: 30 },
    ]);
    expect(rowsOf('feedback')).toBe(40);
    expect((await postField(api.base, thirty(), '127.0.0.42')).body.data).toEqual({ accepted: 30, dropped: 0 });
    t += 2 * 60 * MINUTE;
    expect((await postField(api.base, thirty(), '127.0.0.41')).body.data).toEqual({ accepted: 30, dropped: 0 });
  });
});
