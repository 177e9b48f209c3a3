import { describe, expect, it } from 'vitest';
import { useApiServer } from '../../tests/fixtures/api-server';

const api = useApiServer('track-');

const event = (id: string, name: string, props?: Record<string, unknown>) => ({ id, kind: 'click', name, at: 1_767_225_600_000, ...(props ? { props } : {}) });
const send = async (uid: string, events: object[], contentType = 'application/json') =>
  fetch(`${api.base}/api/track`, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: JSON.stringify({ common: { uid, app_sessionid: await api.session(uid) }, events }),
  }).then((r) => r.json());
const arrived = async (uid: string) => {
  const response = await fetch(`${api.base}/api/dev/track-events?uid=${encodeURIComponent(uid)}`);
  return { status: response.status, body: await response.json() };
};

describe('GET /api/dev/track-events', () => {
  it("lists the user's events once each, in the order they arrived, with their props", async () => {
    const first = [event('trk00000000000000000000000000001', 'vip.plan', { plan: 'vip-month' }), event('trk00000000000000000000000000002', 'vip.buy')];
    expect((await send('track-1', first)).data).toEqual({ accepted: 2, duplicates: 0 });
    // A retry of the same batch (its answer was lost) and a beacon, with one new event.
    expect(
      (await send('track-1', [...first, event('trk00000000000000000000000000003', 'coins.pay', { package: 'coins-300' })], 'text/plain;charset=UTF-8')).data,
    ).toEqual({ accepted: 1, duplicates: 2 });
    await send('track-2', [event('trk00000000000000000000000000004', 'vip.buy')]);

    const { status, body } = await arrived('track-1');
    expect(status).toBe(200);
    expect(body).toEqual({
      code: 0,
      data: {
        events: [
          { id: 'trk00000000000000000000000000001', kind: 'click', name: 'vip.plan', at: 1_767_225_600_000, props: { plan: 'vip-month' } },
          { id: 'trk00000000000000000000000000002', kind: 'click', name: 'vip.buy', at: 1_767_225_600_000, props: null },
          { id: 'trk00000000000000000000000000003', kind: 'click', name: 'coins.pay', at: 1_767_225_600_000, props: { package: 'coins-300' } },
        ],
      },
    });
  });

  it('answers an empty list for a user with no events, and refuses a missing or overlong uid', async () => {
    expect((await arrived('nobody')).body).toEqual({ code: 0, data: { events: [] } });
    expect((await fetch(`${api.base}/api/dev/track-events`)).status).toBe(422);
    expect((await arrived('x'.repeat(65))).status).toBe(422);
  });
});
