/**
 * Why: each membership path was built and tested alone, and where two met, money went wrong
 * (two auto-renewals charging at once, a day of SVIP upgrading a year of VIP). This runs random
 * sequences of what a user and the provider do (buy VIP or SVIP, one-off or auto-renewing; pay, fail,
 * cancel or abandon; renewal charges paid or declined; auto-renewal off and on; VIP and SVIP codes;
 * days passing) through the reference server's own handlers and database, and after every step holds
 * them to an oracle written here, not to src/shared/vip/ledger.ts called again: a user holds SVIP
 * seconds and VIP seconds, time uses up SVIP first, and only a payment or a code adds any.
 *
 * Checked after every step:
 * - at most one auto-renewal is on, and it is the one the user last agreed to;
 * - the days of each tier the server holds are exactly those paid for or redeemed, less time passed;
 * - what the pages say before paying (src/lib/vip/disclosure.ts, with the figures the server gave
 *   them) is what the payment then does: the days, when they run, the membership after, the amount,
 *   the first renewal date and amount, the contract replaced; and what the page's store shows is the
 *   server's membership;
 * - a renewal is charged only when it was due, at the date and amount on screen before it.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, type EndpointName, type ResponseOf } from '../../src/shared/api/contract';
import { $isMember, $membership, setClock } from '../../src/lib/stores/membership';
import { disclose, type Disclosure } from '../../src/lib/vip/disclosure';
import { chargeDate, DAY_SECONDS as DAY, ledgerOf, remaining, type Tier } from '../../src/shared/vip/ledger';
import { setServerMembership } from '../../src/lib/vip/membership';
import { openDb, type Db } from '../../server/db';
import { chargeRenewal, settleOrder, VIP_HANDLERS } from '../../server/api/vip';
import { ApiFailure } from '../../server/api/failure';
import { PROPERTY_TIMEOUT_MS } from './hostile';

/** The issue asks for at least 1,000 sequences in npm test. */
const SEQUENCES = 1_000;

let db: Db;
beforeAll(() => {
  db = openDb(':memory:');
});
afterAll(() => db.close());

/** The oracle: seconds of each tier the user holds, and the contract they agreed to. */
interface Model {
  svip: number;
  vip: number;
  contract: { planId: string; tier: Tier; amount: number; days: number } | null;
  /** Auto-renew plans paid for through the cashier: only these can be switched back on. */
  subscribed: Set<string>;
}

interface Real {
  uid: string;
  nowMs: number;
}

const nowSec = (real: Real) => Math.floor(real.nowMs / 1000);

/** A handler called as the pipeline calls it, its answer held to the contract's response schema. */
function call<N extends EndpointName & keyof typeof VIP_HANDLERS>(real: Real, name: N, body: object): ResponseOf<N> {
  const handler = VIP_HANDLERS[name] as (ctx: object) => unknown;
  const answer = handler({ db, user: { uid: real.uid, app_sessionid: `s-${real.uid}` }, body, now: real.nowMs, client: 'model' });
  return v.parse(ENDPOINTS[name].response, answer) as ResponseOf<N>;
}

const statusOf = (real: Real) => call(real, 'vipStatus', {});
const plansOf = (real: Real) => call(real, 'vipPlans', { region: 'SG' }).plans;

/** Time passes: SVIP is used up first, then VIP. */
function pass(model: Model, seconds: number): void {
  const svip = Math.min(model.svip, seconds);
  model.svip -= svip;
  model.vip -= Math.min(model.vip, seconds - svip);
}

function add(model: Model, tier: Tier, days: number): void {
  model[tier] += days * DAY;
}

/** The server's answer for what the page said before paying. */
function expectDisclosed(disclosure: Disclosure, paid: ResponseOf<'vipOrderStatus'>): void {
  const { grant } = disclosure;
  expect(paid.grant).toEqual({ effect: grant.effect, tier: grant.tier, days: grant.days, startsAt: grant.startsAt, endsAt: grant.endsAt });
  expect(paid.membership).toEqual(disclosure.after);
  expect(paid.order.amount).toBe(disclosure.pay.amount);
  expect(paid.replaced).toBe(disclosure.replaces?.planId ?? null);
}

class Buy implements fc.Command<Model, Real> {
  constructor(
    readonly planId: string,
    readonly outcome: 'paid' | 'failed' | 'cancelled' | 'abandoned' | 'abandoned, then paid',
  ) {}
  check = () => true;
  run(model: Model, real: Real): void {
    const plan = plansOf(real).find((p) => p.id === this.planId)!;
    const status = statusOf(real);
    // What the page says before the pay button (/vip-center and /channel).
    const disclosure = disclose(plan, status.membership, status.renewals, nowSec(real));
    const { order } = call(real, 'vipCreateOrder', { planId: plan.id, payType: '1', region: 'SG', attempt: randomUUID() });
    expect(order.amount).toBe(disclosure.pay.amount);
    if (this.outcome.startsWith('abandoned')) call(real, 'vipCancelOrder', { orderId: order.orderId });
    const notice = this.outcome === 'abandoned' ? null : this.outcome === 'abandoned, then paid' ? 'paid' : this.outcome;
    if (notice) settleOrder(db, order.orderId, notice, real.nowMs);
    const after = call(real, 'vipOrderStatus', { orderId: order.orderId });
    if (notice !== 'paid') {
      expect(after.grant).toBeNull();
      expect(after.membership).toEqual(status.membership);
      return;
    }
    expectDisclosed(disclosure, after);
    add(model, plan.tier, plan.days);
    if (!disclosure.renewal) return;
    // The contract as the page said it: this plan's, charged at the amount paid, first on the date shown.
    const renewal = statusOf(real).renewals.find((r) => r.on);
    expect(renewal).toEqual({
      planId: plan.id,
      on: true,
      nextChargeAt: disclosure.renewal.firstChargeAt,
      amount: disclosure.renewal.amount,
      currency: plan.currency,
    });
    expect(disclosure.renewal.days).toBe(plan.days);
    model.contract = { planId: plan.id, tier: plan.tier, amount: plan.price, days: plan.days };
    model.subscribed.add(plan.id);
  }
  toString = () => `buy ${this.planId}: ${this.outcome}`;
}

class Redeem implements fc.Command<Model, Real> {
  constructor(
    readonly tier: Tier,
    readonly days: number,
  ) {}
  check = () => true;
  run(model: Model, real: Real): void {
    const code = `MODEL-${randomUUID().slice(0, 8).toUpperCase()}`;
    db.prepare('INSERT INTO redeem_codes (code, tier, days, expires_at) VALUES (?, ?, ?, ?)').run(code, this.tier, this.days, nowSec(real) + 30 * DAY);
    const { grant, membership } = call(real, 'vipRedeem', { code });
    expect(grant).toMatchObject({ tier: this.tier, days: this.days });
    expect(grant.endsAt - grant.startsAt).toBe(this.days * DAY);
    expect(membership.expiresAt).toBeGreaterThanOrEqual(grant.endsAt);
    add(model, this.tier, this.days);
  }
  toString = () => `redeem ${this.days} days of ${this.tier}`;
}

class Switch implements fc.Command<Model, Real> {
  constructor(
    readonly planId: string,
    readonly on: boolean,
  ) {}
  check = () => true;
  run(model: Model, real: Real): void {
    const plan = plansOf(real).find((p) => p.id === this.planId)!;
    const before = statusOf(real);
    const mine = before.renewals.find((r) => r.planId === plan.id);
    if (!model.subscribed.has(plan.id)) {
      // Never paid through the cashier: no contract to switch.
      expect(() => call(real, 'vipSetRenewal', { planId: plan.id, on: this.on })).toThrow(ApiFailure);
      expect(mine).toBeUndefined();
      return;
    }
    // The turn-on dialog names the next charge's date (src/islands/vip/RenewalManagement.tsx).
    const shown = chargeDate(ledgerOf(before.membership), plan.tier, nowSec(real));
    const { renewals } = call(real, 'vipSetRenewal', { planId: plan.id, on: this.on });
    const after = renewals.find((r) => r.planId === plan.id)!;
    if (this.on) {
      expect(after).toMatchObject({ on: true, nextChargeAt: shown, amount: mine!.amount });
      model.contract = { planId: plan.id, tier: plan.tier, amount: mine!.amount, days: plan.days };
    } else {
      expect(after).toMatchObject({ on: false, nextChargeAt: null });
      if (model.contract?.planId === plan.id) model.contract = null;
    }
  }
  toString = () => `auto-renewal of ${this.planId} ${this.on ? 'on' : 'off'}`;
}

class Charge implements fc.Command<Model, Real> {
  constructor(readonly outcome: 'paid' | 'failed') {}
  check = () => true;
  run(model: Model, real: Real): void {
    // What the user was shown of the contract before the provider's billing run (/renewal-management).
    const shown = statusOf(real).renewals.find((r) => r.on);
    const due = model.contract !== null && (model.contract.tier === 'svip' ? model.svip === 0 : model.svip + model.vip === 0);
    const order = chargeRenewal(db, real.uid, this.outcome, real.nowMs);
    if (!due) {
      expect(order).toBeUndefined();
      return;
    }
    expect(shown).toBeDefined();
    expect(nowSec(real)).toBeGreaterThanOrEqual(shown!.nextChargeAt!);
    expect(order).toMatchObject({ planId: model.contract!.planId, amount: shown!.amount, state: this.outcome });
    expect(order!.amount).toBe(model.contract!.amount);
    const { grant } = call(real, 'vipOrderStatus', { orderId: order!.orderId });
    if (this.outcome === 'failed') {
      expect(grant).toBeNull();
      model.contract = null;
      return;
    }
    expect(grant).toMatchObject({ tier: model.contract!.tier, days: model.contract!.days });
    add(model, model.contract!.tier, model.contract!.days);
  }
  toString = () => `renewal charge ${this.outcome}`;
}

class Pass implements fc.Command<Model, Real> {
  constructor(readonly seconds: number) {}
  check = () => true;
  run(model: Model, real: Real): void {
    real.nowMs += this.seconds * 1000;
    pass(model, this.seconds);
  }
  toString = () => `${(this.seconds / DAY).toFixed(2)} days pass`;
}

/** Time passes to the next charge's date as shown, give or take a little: the boundary where a charge is or is not due. */
class PassToCharge implements fc.Command<Model, Real> {
  constructor(readonly offset: number) {}
  check = () => true;
  run(model: Model, real: Real): void {
    const next = statusOf(real).renewals.find((r) => r.on)?.nextChargeAt;
    const seconds = next === undefined || next === null ? 0 : Math.max(0, next + this.offset - nowSec(real));
    real.nowMs += seconds * 1000;
    pass(model, seconds);
  }
  toString = () => `to the next charge ${this.offset >= 0 ? '+' : ''}${this.offset} s`;
}

/** The invariants, after every step. */
function holds(model: Model, real: Real): void {
  const now = nowSec(real);
  const { membership, renewals } = statusOf(real);
  const on = renewals.filter((r) => r.on);
  expect(on.length).toBeLessThanOrEqual(1);
  expect(on.map((r) => [r.planId, r.amount])).toEqual(model.contract ? [[model.contract.planId, model.contract.amount]] : []);
  // No day of either tier that was not paid for or redeemed, and none lost.
  expect(remaining(ledgerOf(membership), now)).toEqual({ svip: model.svip, vip: model.vip });
  expect(membership.tier).toBe(model.svip > 0 ? 'svip' : model.vip > 0 ? 'vip' : 'none');
  // What the page's one membership store shows is the server's.
  setClock(() => real.nowMs);
  setServerMembership(membership);
  expect($isMember.get()).toBe(membership.tier !== 'none');
  expect($membership.get()).toMatchObject({
    vipType: membership.tier === 'vip' ? 1 : 0,
    svipType: membership.tier === 'svip' ? 1 : 0,
    userInfo_: { vip: { valid_time: membership.expiresAt ?? 0 } },
  });
}

const PLANS = ['vip-day', 'vip-month', 'vip-month-auto', 'vip-quarter', 'vip-year', 'svip-day', 'svip-month', 'svip-month-auto', 'svip-quarter', 'svip-year'];
const AUTO = ['vip-month-auto', 'svip-month-auto'];

/** Each command runs, then the invariants are checked: fc.modelRun checks only what a command asserts. */
const checked = <C extends fc.Command<Model, Real>>(command: C): fc.Command<Model, Real> => ({
  check: () => true,
  run: (model, real) => {
    command.run(model, real);
    holds(model, real);
  },
  toString: () => command.toString(),
});

const commands = [
  fc
    .tuple(
      fc.constantFrom(...PLANS, ...AUTO, ...AUTO),
      fc.constantFrom('paid', 'paid', 'paid', 'failed', 'cancelled', 'abandoned', 'abandoned, then paid' as const),
    )
    .map(([plan, outcome]) => checked(new Buy(plan, outcome))),
  fc.tuple(fc.constantFrom<Tier>('vip', 'svip'), fc.integer({ min: 1, max: 366 })).map(([tier, days]) => checked(new Redeem(tier, days))),
  fc.tuple(fc.constantFrom(...AUTO), fc.boolean()).map(([plan, on]) => checked(new Switch(plan, on))),
  fc.constantFrom('paid', 'paid', 'failed' as const).map((outcome) => checked(new Charge(outcome))),
  fc.constantFrom(-DAY / 2, -3_600, -1, 0, 0, 1, 3_600).map((offset) => checked(new PassToCharge(offset))),
  // From an hour to 40 days; whole days too, so charges fall exactly on their date.
  fc
    .oneof(
      fc.integer({ min: 3_600, max: 40 * DAY }),
      fc.integer({ min: 1, max: 40 }).map((days) => days * DAY),
    )
    .map((seconds) => checked(new Pass(seconds))),
];

describe('membership: random sequences of purchases, renewals, codes and days passing', () => {
  it(
    `holds the ledger's rules, one contract and every charge disclosed, over ${SEQUENCES} sequences`,
    () => {
      let users = 0;
      let steps = 0;
      fc.assert(
        fc.property(fc.commands(commands, { maxCommands: 40, size: 'large' }), (sequence) => {
          const real: Real = { uid: `model-${++users}`, nowMs: Date.now() };
          const model: Model = { svip: 0, vip: 0, contract: null, subscribed: new Set() };
          fc.modelRun(() => ({ model, real }), sequence);
          steps += [...sequence].length;
        }),
        { numRuns: SEQUENCES },
      );
      expect(users).toBeGreaterThanOrEqual(SEQUENCES);
      expect(steps).toBeGreaterThan(SEQUENCES * 10);
      // About 5 s on an idle machine; a fresh clone's npm test runs the build beside the unit tests.
    },
    PROPERTY_TIMEOUT_MS,
  );
});
