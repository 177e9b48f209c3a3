/**
 * Attacks on `POST /api/track`. Before the shared contract (src/shared/track/batch.ts), props
 * nested deep enough made the server answer 500 with a stack trace after storing part of the batch,
 * and anyone could store events under any uid. Each test is such a request: refused with a 4xx JSON
 * answer, nothing stored, and the server still answering.
 */
import { describe, expect, it } from 'vitest';
import { useApiServer } from '../fixtures/api-server';

const api = useApiServer('tracking-');
const rows = () => Number(api.db.prepare('SELECT COUNT(*) AS n FROM track_events').get()!.n);
let next = 0;
const id = () => `attack${String((next += 1)).padStart(26, '0')}`;
const event = (props?: unknown) => ({ id: id(), kind: 'click', name: 'vip.buy', at: 1_767_225_600_000, ...(props === undefined ? {} : { props }) });

async function post(body: string): Promise<{ status: number; body: any }> {
  const response = await fetch(`${api.base}/api/track`, { method: 'POST', headers: { 'content-type': 'text/plain;charset=UTF-8' }, body });
  return { status: response.status, body: await response.json() };
}
const batch = async (uid: string, events: object[], common: object = {}) =>
  JSON.stringify({ common: { uid, app_sessionid: await api.session(uid), ...common }, events });

/** Still answers: a good batch is stored. */
async function stillAnswers() {
  const reply = await post(await batch('track-ok', [event({ plan: 'vip-month' })]));
  expect(reply).toEqual({ status: 200, body: { code: 0, data: { accepted: 1, duplicates: 0 } } });
}

describe('malformed batches', () => {
  it('refuses props nested 10,000 deep with 422, stores nothing of the batch, and keeps answering', async () => {
    const before = rows();
    const deep = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
    const body = (await batch('track-deep', [event(), event()])).replace(/\]\}$/, `,{"id":"${id()}","kind":"click","name":"x","at":1,"props":${deep}}]}`);
    const reply = await post(body);
    expect(reply).toEqual({ status: 422, body: { code: 'badRequest', message: 'events.2.props: nested deeper than 4' } });
    expect(rows()).toBe(before);
    await stillAnswers();
  });

  it('stores none of a batch with one bad event among good ones', async () => {
    const before = rows();
    const good = Array.from({ length: 19 }, () => event({ plan: 'vip-month' }));
    const reply = await post(await batch('track-mixed', [...good, event({ text: 'x'.repeat(201) })]));
    expect(reply).toEqual({ status: 422, body: { code: 'badRequest', message: 'events.19.props: a text longer than 200' } });
    expect(rows()).toBe(before);
  });

  it.each([
    [
      'too many events',
      async () =>
        batch(
          'track-many',
          Array.from({ length: 101 }, () => event()),
        ),
    ],
    ['props with too many keys', async () => batch('track-keys', [event(Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i])))])],
    ['a long array in props', async () => batch('track-array', [event({ list: Array.from({ length: 21 }, () => 1) })])],
    ['a name over 200 characters', async () => batch('track-name', [{ ...event(), name: 'n'.repeat(201) }])],
    ['a common field over 200 characters', async () => batch('track-common', [event()], { dev_model: 'm'.repeat(201) })],
    ['text that is not JSON', async () => '{"common":'],
  ])('refuses %s with 422 and stores nothing', async (_, make) => {
    const before = rows();
    const reply = await post(await make());
    expect(reply.status).toBe(422);
    expect(reply.body.code).toBe('badRequest');
    expect(typeof reply.body.message).toBe('string');
    expect(rows()).toBe(before);
  });

  it('refuses a body over 64 KB with 413', async () => {
    const before = rows();
    const reply = await post(await batch('track-large', [event({ pad: 'x'.repeat(200) })], { dev_model: ' '.repeat(70_000) }));
    expect(reply).toEqual({ status: 413, body: { code: 'tooLarge', message: 'The batch is larger than 64 KB.' } });
    expect(rows()).toBe(before);
  });
});

describe('batches without a live session', () => {
  const NOT_LOGGED_IN = { code: 'notLoggedIn', message: 'Please log in your music account.' };

  it('refuses a batch with no session, or an invented one, with 403, storing nothing', async () => {
    const before = rows();
    expect(await post(JSON.stringify({ common: { uid: '10002' }, events: [event()] }))).toEqual({ status: 403, body: NOT_LOGGED_IN });
    expect(await post(JSON.stringify({ events: [event()] }))).toEqual({ status: 403, body: NOT_LOGGED_IN });
    expect(await post(JSON.stringify({ common: { uid: '10002', app_sessionid: 'x'.repeat(43) }, events: [event()] }))).toEqual({
      status: 403,
      body: NOT_LOGGED_IN,
    });
    expect(rows()).toBe(before);
  });

  it("refuses another user's uid under my session with 403", async () => {
    const before = rows();
    const mine = await api.session('track-attacker');
    expect(await post(JSON.stringify({ common: { uid: '10002', app_sessionid: mine }, events: [event()] }))).toEqual({ status: 403, body: NOT_LOGGED_IN });
    expect(rows()).toBe(before);
  });

  it('refuses an expired session with 401 loginExpired', async () => {
    const before = rows();
    const body = await batch('track-expired', [event()]);
    await api.dev('/api/dev/session/expire', { app_sessionid: await api.session('track-expired') });
    expect(await post(body)).toEqual({
      status: 401,
      body: { code: 'loginExpired', message: 'Login status expired. Go to the OPPO account center to re-verify.' },
    });
    expect(rows()).toBe(before);
  });

  // A batch naming no uid under someone's session is a page running on a planted session.
  it("refuses a batch that names no uid under a session: nothing is stored under the session's owner", async () => {
    const app_sessionid = await api.session('track-owner');
    const reply = await post(JSON.stringify({ common: { uid: '', app_sessionid }, events: [event()] }));
    expect(reply.status).toBe(403);
    expect((await (await fetch(`${api.base}/api/dev/track-events?uid=track-owner`)).json()).data.events).toHaveLength(0);
  });
});
