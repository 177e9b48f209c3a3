import { describe, expect, it } from 'vitest';
import { chargeDate, DAY_SECONDS as DAY, grant, NO_LEDGER, remaining, standing } from './ledger';

const NOW = Date.UTC(2026, 11, 5) / 1000;

describe('the membership ledger: SVIP first, VIP after it, nothing converted', () => {
  it('a day of SVIP on a year of VIP: one day of SVIP now, the 366 VIP days all kept after it (issue 38, repro 2)', () => {
    const year = grant(NO_LEDGER, 'vip', 366, NOW);
    expect(year.effect).toBe('activated');
    const day = grant(year.ledger, 'svip', 1, NOW);
    expect(day).toMatchObject({ effect: 'upgraded', startsAt: NOW, endsAt: NOW + DAY });
    expect(standing(day.ledger, NOW)).toEqual({ tier: 'svip', svipUntil: NOW + DAY, expiresAt: NOW + 367 * DAY });
    expect(remaining(day.ledger, NOW)).toEqual({ svip: DAY, vip: 366 * DAY });
    // The day after, the VIP resumes with all its days.
    expect(standing(day.ledger, NOW + DAY)).toEqual({ tier: 'vip', svipUntil: null, expiresAt: NOW + 367 * DAY });
    expect(remaining(day.ledger, NOW + DAY)).toEqual({ svip: 0, vip: 366 * DAY });
  });

  it('VIP bought while SVIP runs waits for it: queued, from the end of the membership', () => {
    const svip = grant(NO_LEDGER, 'svip', 31, NOW).ledger;
    const vip = grant(svip, 'vip', 10, NOW + 5 * DAY);
    expect(vip).toMatchObject({ effect: 'queued', startsAt: NOW + 31 * DAY, endsAt: NOW + 41 * DAY });
    expect(remaining(vip.ledger, NOW + 5 * DAY)).toEqual({ svip: 26 * DAY, vip: 10 * DAY });
  });

  it('more of the running tier is extended; more SVIP while VIP waits pushes the VIP on by as much', () => {
    const ledger = grant(grant(NO_LEDGER, 'svip', 31, NOW).ledger, 'vip', 31, NOW).ledger;
    const more = grant(ledger, 'svip', 31, NOW);
    expect(more).toMatchObject({ effect: 'extended', startsAt: NOW + 31 * DAY, endsAt: NOW + 62 * DAY });
    expect(more.ledger).toEqual({ svipUntil: NOW + 62 * DAY, expiresAt: NOW + 93 * DAY });
    expect(grant(grant(NO_LEDGER, 'vip', 31, NOW).ledger, 'vip', 31, NOW).effect).toBe('extended');
  });

  it('a lapsed membership starts again from now: activated, its past end kept to say when it expired', () => {
    const lapsed = grant(NO_LEDGER, 'svip', 1, NOW).ledger;
    expect(standing(lapsed, NOW + 2 * DAY)).toEqual({ tier: 'none', expiresAt: NOW + DAY, svipUntil: null });
    expect(grant(lapsed, 'vip', 7, NOW + 2 * DAY)).toMatchObject({ effect: 'activated', startsAt: NOW + 2 * DAY, endsAt: NOW + 9 * DAY });
    expect(standing(NO_LEDGER, NOW)).toEqual({ tier: 'none', expiresAt: null, svipUntil: null });
  });

  it('an auto-renewal charges when its own tier runs out: SVIP at the end of SVIP, VIP at the end of everything, now when lapsed', () => {
    const ledger = grant(grant(NO_LEDGER, 'vip', 31, NOW).ledger, 'svip', 31, NOW).ledger;
    expect(chargeDate(ledger, 'svip', NOW)).toBe(NOW + 31 * DAY);
    expect(chargeDate(ledger, 'vip', NOW)).toBe(NOW + 62 * DAY);
    expect(chargeDate(ledger, 'vip', NOW + 100 * DAY)).toBe(NOW + 100 * DAY);
  });
});
