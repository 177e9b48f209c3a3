/**
 * A sealed request was once not bound to its endpoint. Whoever captured one (a proxy log, a
 * shared network) could deliver it elsewhere: an order-status poll sent to `/api/vip/order/cancel`
 * cancelled the order, a feedback body sent to `/api/vip/redeem` used one of the victim's redeem
 * tries. Since wire format 2 the sealed body names its endpoint and the server answers it there only.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useApiServer } from '../fixtures/api-server';
import { feedbackBody } from '../fixtures/bodies';
import { form, seal } from '../fixtures/seal';

const PUBLIC = readFileSync('tests/fixtures/keys/public.pem', 'utf8');
const api = useApiServer('binding-');

/** What the attacker captured: a request the victim's page sealed for `sealedFor`. */
async function captured(uid: string, sealedFor: string, body: object) {
  return form(seal(body, PUBLIC, { path: sealedFor, uid, app_sessionid: await api.session(uid) }));
}
async function deliver(path: string, sealed: string) {
  const response = await fetch(`${api.base}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: sealed });
  return { status: response.status, body: await response.json() };
}
const WRONG_ENDPOINT = { status: 400, body: { code: 'wrongEndpoint', message: 'The request was sealed for another endpoint.' } };

describe('a captured request delivered to another endpoint', () => {
  it('an order-status poll sent to cancel cancels nothing, and still works where it was meant to go', async () => {
    const uid = 'bind-order';
    const { orderId } = (await api.call('/api/vip/order', { planId: 'vip-month', payType: '1', region: 'SG', attempt: randomUUID() }, uid)).body.data.order;
    const poll = await captured(uid, '/api/vip/order/status', { orderId });
    expect(await deliver('/api/vip/order/cancel', poll)).toEqual(WRONG_ENDPOINT);
    expect(api.db.prepare('SELECT state FROM vip_orders WHERE order_id = ?').get(orderId)).toEqual({ state: 'created' });
    // Refused before its nonce was remembered: the genuine delivery is not a replay.
    const genuine = await deliver('/api/vip/order/status', poll);
    expect(genuine.status).toBe(200);
    expect(genuine.body.data.order).toMatchObject({ orderId, state: 'created' });
  });

  it("a feedback body sent to redeem uses none of the victim's redeem tries", async () => {
    const uid = 'bind-redeem';
    const tries = () => Number(api.db.prepare('SELECT COUNT(*) AS n FROM redeem_failures WHERE uid = ?').get(uid)!.n);
    const sent = await captured(uid, '/api/feedback', feedbackBody({ code: '123456' }));
    expect(await deliver('/api/vip/redeem', sent)).toEqual(WRONG_ENDPOINT);
    expect(tries()).toBe(0);
  });

  it('a request of wire format 1 (no version, no endpoint) is refused as malformed', async () => {
    const uid = 'bind-v1';
    const old = form(seal({}, PUBLIC, { path: '/api/session', uid, app_sessionid: await api.session(uid), v: 1 }));
    expect(await deliver('/api/session', old)).toMatchObject({ status: 422, body: { code: 'badRequest' } });
  });
});
