import { readFileSync } from 'node:fs';
import type { KeyObject } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newPage, sealText } from '../../tests/fixtures/seal';
import { WireError, unwrapKeys, type PageKeys } from './wire-node';
import { FailureLimiter, LruCache, OPENER_DEFAULTS, Opener, TooManyFailures, type OpenerOptions } from './opener';

const PUBLIC = readFileSync('tests/fixtures/keys/public.pem', 'utf8');
const PRIVATE = readFileSync('tests/fixtures/keys/private.pem', 'utf8');
const MINUTE = 60_000;

/** An opener on a clock the test moves, counting its RSA steps. */
function opener(options: OpenerOptions = {}) {
  const clock = { now: 1_000_000 * MINUTE };
  const counted = { unwraps: 0 };
  const instance = new Opener(PRIVATE, {
    now: () => clock.now,
    unwrap: (encSecKey: string, key: KeyObject): PageKeys => {
      counted.unwraps += 1;
      return unwrapKeys(encSecKey, key);
    },
    ...options,
  });
  return { opener: instance, clock, counted };
}

const reason = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof WireError) return error.reason;
    if (error instanceof TooManyFailures) return 'tooMany';
    return 'broken';
  }
  return 'opened';
};

describe('Opener', () => {
  it("opens a page's requests with one RSA step, however many there are", () => {
    const { opener: o, counted } = opener();
    const page = newPage(PUBLIC);
    for (let i = 0; i < 5; i++) expect(o.open('1.2.3.4', sealText(`{"n":${i}}`, PUBLIC, page))).toEqual({ n: i });
    expect(counted.unwraps).toBe(1);
    o.open('1.2.3.4', sealText('{}', PUBLIC));
    expect(counted.unwraps).toBe(2);
  });

  it('answers a reused encSecKey with garbage params from the cache, never RSA', () => {
    const { opener: o, counted } = opener();
    const page = newPage(PUBLIC);
    o.open('1.2.3.4', sealText('{}', PUBLIC, page));
    const garbage = [Buffer.alloc(64).toString('base64'), Buffer.alloc(160, 7).toString('base64'), sealText('{}', PUBLIC).params];
    for (const params of garbage) expect(reason(() => o.open('5.6.7.8', { params, encSecKey: page.encSecKey }))).toBe('mac');
    expect(counted.unwraps).toBe(1);
  });

  it('spends no RSA on malformed params, even under an encSecKey it has not seen', () => {
    const { opener: o, counted } = opener();
    for (const params of ['', 'x', '%%%', 'QUJD', Buffer.alloc(63).toString('base64'), undefined]) {
      expect(reason(() => o.open('1.2.3.4', { params, encSecKey: newPage(PUBLIC).encSecKey }))).toMatch(/^(form|base64|length)$/);
    }
    expect(counted.unwraps).toBe(0);
  });

  it('unwraps again once the cached keys expire', () => {
    const { opener: o, clock, counted } = opener({ cacheTtlMs: 10 * MINUTE });
    const page = newPage(PUBLIC);
    o.open('1.2.3.4', sealText('{}', PUBLIC, page));
    clock.now += 10 * MINUTE - 1;
    o.open('1.2.3.4', sealText('{}', PUBLIC, page));
    expect(counted.unwraps).toBe(1);
    clock.now += 1;
    expect(o.open('1.2.3.4', sealText('{"again":true}', PUBLIC, page))).toEqual({ again: true });
    expect(counted.unwraps).toBe(2);
  });

  it('refuses an address at its failure limit before looking at the request, and only that address', () => {
    const { opener: o, counted } = opener({ failureLimit: 3 });
    const bad = { params: 'QUJD', encSecKey: 'QUJD' };
    for (let i = 0; i < 3; i++) {
      o.admit('6.6.6.6');
      expect(reason(() => o.open('6.6.6.6', bad))).toBe('length');
    }
    expect(reason(() => o.admit('6.6.6.6'))).toBe('tooMany');
    o.admit('7.7.7.7');
    expect(o.open('7.7.7.7', sealText('{"ok":1}', PUBLIC))).toEqual({ ok: 1 });
    expect(counted.unwraps).toBe(1);
  });

  it('holds requests admitted together to the limit: the ones past it never reach RSA', () => {
    const { opener: o, counted } = opener({ failureLimit: 3 });
    const other = readFileSync('server/dev-keys/public.pem', 'utf8');
    // Five requests read concurrently were all admitted before any of them failed.
    for (let i = 0; i < 5; i++) o.admit('6.6.6.6');
    const outcomes = Array.from({ length: 5 }, () =>
      reason(() => o.open('6.6.6.6', { params: sealText('{}', PUBLIC).params, encSecKey: newPage(other).encSecKey })),
    );
    expect(outcomes).toEqual(['unwrap', 'unwrap', 'unwrap', 'tooMany', 'tooMany']);
    expect(counted.unwraps).toBe(3);
  });

  it('lets an address in again once its failures slide out of the window', () => {
    const { opener: o, clock } = opener({ failureLimit: 2, failureWindowMs: MINUTE });
    clock.now = 500 * MINUTE + MINUTE / 2; // mid-window
    o.open('6.6.6.6', sealText('{}', PUBLIC)); // successes count for nothing
    for (let i = 0; i < 2; i++) reason(() => o.open('6.6.6.6', { params: '', encSecKey: '' }));
    expect(reason(() => o.admit('6.6.6.6'))).toBe('tooMany');
    clock.now = 501 * MINUTE; // the sliding minute still covers the whole previous window
    expect(reason(() => o.admit('6.6.6.6'))).toBe('tooMany');
    clock.now = 501 * MINUTE + MINUTE / 2; // half of it: the two weigh as one, below the limit
    expect(reason(() => o.admit('6.6.6.6'))).toBe('opened');
    expect(o.open('6.6.6.6', sealText('{"back":1}', PUBLIC))).toEqual({ back: 1 });
  });

  it("throws the server's own error for a private key that does not parse, without counting it against the client", () => {
    const broken = new Opener('not a pem', { failureLimit: 1 });
    const sealed = sealText('{}', PUBLIC);
    expect(() => broken.open('1.2.3.4', sealed)).toThrow();
    expect(reason(() => broken.open('1.2.3.4', sealed))).toBe('broken');
  });

  it('refuses impossible limits instead of refusing everyone', () => {
    expect(() => new Opener(PRIVATE, { failureLimit: 0 })).toThrow(RangeError);
    expect(() => new Opener(PRIVATE, { cacheSize: Number.NaN })).toThrow(RangeError);
    expect(() => new Opener(PRIVATE, { failureLimit: undefined })).not.toThrow();
    expect(() => new Opener(PRIVATE, { unwrapsPerSecond: 0 })).toThrow(RangeError);
    expect(() => new Opener(PRIVATE, { reservedShare: 1 })).toThrow(RangeError);
    expect(OPENER_DEFAULTS).toEqual({
      failureLimit: 20,
      failureWindowMs: MINUTE,
      maxAddresses: 10_000,
      cacheSize: 10_000,
      cacheTtlMs: 60 * MINUTE,
      unwrapLimit: 600,
      unwrapWindowMs: MINUTE,
      unwrapsPerSecond: 300,
      lightUnwraps: 10,
      reservedShare: 1 / 3,
    });
  });

  // The total was once first come, first served, so 40 addresses sending fresh keys took all of it.
  it('keeps a share of the unwraps per second for light clients: heavy ones are refused first', () => {
    const { opener: o, clock, counted } = opener({ unwrapsPerSecond: 9, lightUnwraps: 2, reservedShare: 1 / 3 });
    clock.now += 10 * MINUTE; // a fresh per-second window, with nothing before it
    // Two addresses become heavy (2 unwraps each, light while they did it), then want more.
    const heavy = Array.from({ length: 5 }).flatMap(() => ['6.6.6.6', '6.6.6.7'].map((address) => reason(() => o.open(address, sealText('{}', PUBLIC)))));
    // Served until all unwraps together reach two thirds of 9 (their own light ones included): 2 + 2 + 1 + 1.
    expect(heavy.filter((outcome) => outcome === 'opened')).toHaveLength(6);
    expect(counted.unwraps).toBe(6);
    // The last third only clients that caused fewer than 2 reach: three newcomers, one unwrap each.
    for (const address of ['1.1.1.1', '2.2.2.2', '3.3.3.3']) expect(reason(() => o.open(address, sealText('{}', PUBLIC)))).toBe('opened');
    // The total holds for everyone.
    expect(reason(() => o.open('4.4.4.4', sealText('{}', PUBLIC)))).toBe('tooMany');
    clock.now += 2_000;
    expect(reason(() => o.open('6.6.6.6', sealText('{}', PUBLIC)))).toBe('opened');
  });
});

describe('FailureLimiter', () => {
  it('has no burst of twice the limit across a window boundary', () => {
    const limiter = new FailureLimiter(10, MINUTE, 100);
    const end = 7 * MINUTE - 1;
    for (let i = 0; i < 9; i++) limiter.fail('a', end);
    expect(limiter.blocked('a', end)).toBe(false);
    // 2 ms later, in the next window: a fixed window would allow 10 more; the sliding one still counts the 9.
    let more = 0;
    while (!limiter.blocked('a', end + 2)) {
      limiter.fail('a', end + 2);
      more += 1;
    }
    expect(more).toBe(2);
  });

  it('forgets the address that failed longest ago past maxAddresses, so many addresses cannot grow it', () => {
    const limiter = new FailureLimiter(1, MINUTE, 1000);
    for (let i = 0; i < 50_000; i++) limiter.fail(`10.0.${i >> 8}.${i & 255}`, 0);
    expect(limiter.size).toBe(1000);
    expect(limiter.blocked('10.0.0.0', 0)).toBe(false);
    expect(limiter.blocked(`10.0.${49_999 >> 8}.${49_999 & 255}`, 0)).toBe(true);
  });

  it('drops an address whose failures are two windows old', () => {
    const limiter = new FailureLimiter(5, MINUTE, 10);
    limiter.fail('a', 0);
    expect(limiter.estimate('a', 2 * MINUTE)).toBe(0);
    expect(limiter.size).toBe(0);
  });
});

describe('LruCache', () => {
  it('keeps at most its capacity, dropping the least recently used', () => {
    const cache = new LruCache<number>(3, MINUTE);
    for (const [i, key] of ['a', 'b', 'c'].entries()) cache.set(key, i, 0);
    expect(cache.get('a', 0)).toBe(0); // a is now the most recent
    cache.set('d', 3, 0);
    expect(cache.get('b', 0)).toBeUndefined();
    expect([cache.get('a', 0), cache.get('c', 0), cache.get('d', 0)]).toEqual([0, 2, 3]);
    for (let i = 0; i < 10_000; i++) cache.set(`k${i}`, i, 0);
    expect(cache.size).toBe(3);
  });

  it('expires entries ttl after they were set', () => {
    const cache = new LruCache<string>(10, MINUTE);
    cache.set('a', 'x', 0);
    expect(cache.get('a', MINUTE - 1)).toBe('x');
    expect(cache.get('a', MINUTE)).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});
