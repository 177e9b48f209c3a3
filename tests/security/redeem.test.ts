/**
 * Redeem refusals once told codes apart. The first 5 refused codes of every account
 * answered `redeemUnknown` 404, `redeemExpired` 410 or `redeemUsed` 409, so a guesser learnt which
 * codes exist (an expired or used one is a printed batch's neighbour), and each new account asked
 * again from the same address. Now every refused code gets one answer, and the tries are counted per
 * user, per session and per client address (REDEEM_FAILURES).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import en from '../../src/shared/messages/en-US.json';
import { REDEEM_FAILURES } from '../../server/api/vip';
import { useApiServer, type Reply } from '../fixtures/api-server';
import { rawPost } from '../fixtures/raw-post';
import { form, newPage, seal, type Page } from '../fixtures/seal';

const PUBLIC = readFileSync('tests/fixtures/keys/public.pem', 'utf8');
let clock = Date.now();
const api = useApiServer('redeem-', { now: () => clock });
// Each test in an hour of its own: the address's tries of one test are not the next one's.
beforeEach(() => void (clock += REDEEM_FAILURES.windowSeconds * 1000));

const INVALID: Reply = { status: 422, body: { code: 'redeemInvalid', message: en.error.redeemInvalid } };
const LIMIT: Reply = { status: 429, body: { code: 'redeemLimit', message: en.error.redeemLimit } };

const fresh = () => `rdm-${randomUUID().slice(0, 8)}`;
const issue = async () => (await api.dev('/api/dev/redeem-code', { tier: 'vip', days: 7 })).body.data.code as string;

// One page (one wrapped key) per address, as a phone's page keeps one.
const pages = new Map<string, Page>();
/** `uid` redeems `code` from the loopback address `from` (127/8: each address is a client of its own). */
async function redeemFrom(from: string, uid: string, code: string): Promise<Reply> {
  const page = pages.get(from) ?? pages.set(from, newPage(PUBLIC)).get(from)!;
  const body = form(seal({ code }, PUBLIC, { path: '/api/vip/redeem', uid, app_sessionid: await api.session(uid), ts: clock }, page));
  const { status, text } = await rawPost(api.base, '/api/vip/redeem', body, from);
  return { status, body: JSON.parse(text) };
}

describe('redeem refusals', () => {
  it("answer an unknown, an expired and a used code alike, from an account's first try", async () => {
    const uid = fresh();
    const used = await issue();
    expect((await redeemFrom('127.0.0.2', fresh(), used)).status).toBe(200);
    // Before: 404 redeemUnknown, 410 redeemExpired, 409 redeemUsed.
    expect(await redeemFrom('127.0.0.2', uid, 'NO-SUCH-CODE')).toEqual(INVALID);
    expect(await redeemFrom('127.0.0.2', uid, 'EXPIRED2024')).toEqual(INVALID);
    expect(await redeemFrom('127.0.0.2', uid, used)).toEqual(INVALID);
    expect(await redeemFrom('127.0.0.2', uid, 'USEDCODE')).toEqual(INVALID);
  });

  it('give a new account from the same address neither a fresh answer nor, past the address’s share, a fresh try', async () => {
    const address = '127.0.0.3';
    const first = fresh();
    for (let i = 0; i < REDEEM_FAILURES.max; i++) expect(await redeemFrom(address, first, `GUESS-${i}`)).toEqual(INVALID);
    expect(await redeemFrom(address, first, await issue())).toEqual(LIMIT);
    // Before: a new account's first five refusals told the codes apart again (here 410 redeemExpired).
    expect(await redeemFrom(address, fresh(), 'EXPIRED2024')).toEqual(INVALID);
    // New accounts spend what is left of the address's hour; then every account there is refused,
    // the right code too, while another address is not held up.
    let spent = REDEEM_FAILURES.max + 1;
    while (spent < REDEEM_FAILURES.perClient) {
      const uid = fresh();
      for (let i = 0; i < REDEEM_FAILURES.max && spent < REDEEM_FAILURES.perClient; i++, spent++) {
        expect(await redeemFrom(address, uid, i % 2 ? 'USEDCODE' : `SPRAY-${spent}`)).toEqual(INVALID);
      }
    }
    const right = await issue();
    expect(await redeemFrom(address, fresh(), right)).toEqual(LIMIT);
    expect((await redeemFrom('127.0.0.4', fresh(), right)).status).toBe(200);
  });
});
