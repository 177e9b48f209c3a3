/**
 * Opens sealed requests (docs/api.md) for the pipeline, with the two things that keep the RSA step
 * cheap: a cache of unwrapped page keys, so a page costs one RSA decryption however many requests it
 * sends, and a count of failed opens per client address, so an address that keeps sending what does
 * not open (garbage params, forged keys) is refused before any decoding or RSA work. RSA itself is a
 * budget: valid requests, each under a freshly wrapped key, cost one private-key operation each, and
 * unbounded they were never refused (681 a second, and everyone's requests slowed from 12 to 67 ms).
 * Every unwrap is counted per client and in total, and past either the request is refused before it.
 * The total is shared fairly (first come, 40 addresses sending fresh keys took all of it, and 18 of
 * 39 first page loads got 429): a third of it is kept for light clients, those that caused few
 * unwraps lately.
 */
import { createPrivateKey, createSecretKey, type KeyObject } from 'node:crypto';
import { WireError, decodeParams, openParams, parseBody, unwrapKeys, type PageKeys, type SecretKeys, type WireForm } from './wire-node';

export interface OpenerOptions {
  /** Failed opens one address may have within `failureWindowMs`; at this many it is refused (default 20). */
  failureLimit?: number;
  /** The sliding window failures are counted over (default 1 minute). */
  failureWindowMs?: number;
  /** Addresses whose failures are remembered (default 10,000); the one that failed longest ago goes first. */
  maxAddresses?: number;
  /** Unwrapped page keys kept (default 10,000); the least recently used goes first. */
  cacheSize?: number;
  /** How long unwrapped page keys are kept after their RSA step (default 1 hour); then they are unwrapped again. */
  cacheTtlMs?: number;
  /** RSA unwraps one client may cause within `unwrapWindowMs` (default 600: a page load costs one; many users share a carrier's address). */
  unwrapLimit?: number;
  /** The window unwraps are counted over per client (default 1 minute). */
  unwrapWindowMs?: number;
  /** RSA unwraps of all clients together per second (default 300, about half of one core). */
  unwrapsPerSecond?: number;
  /** A client that caused fewer unwraps than this within `unwrapWindowMs` is light (default 10); any other is heavy. */
  lightUnwraps?: number;
  /** The share of `unwrapsPerSecond` heavy clients may not use, kept for light ones (default 1/3: 100 of 300). */
  reservedShare?: number;
  /** The RSA step (default `unwrapKeys`); tests wrap it to count decryptions. */
  unwrap?: (encSecKey: string, privateKey: KeyObject) => PageKeys;
  now?: () => number;
}

/** Defaults: a page draws one key pair per load, so legitimate traffic fails to open almost never. */
export const OPENER_DEFAULTS = {
  failureLimit: 20,
  failureWindowMs: 60_000,
  maxAddresses: 10_000,
  cacheSize: 10_000,
  cacheTtlMs: 3_600_000,
  unwrapLimit: 600,
  unwrapWindowMs: 60_000,
  unwrapsPerSecond: 300,
  lightUnwraps: 10,
  reservedShare: 1 / 3,
} as const;

/** A client past a limit (failed opens, or RSA work: its own or everyone's); `retryAfterSeconds` is an upper bound on how long it stays refused. */
export class TooManyFailures extends Error {
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number) {
    super('too many requests that could not be opened');
    this.name = 'TooManyFailures';
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * Bounded least-recently-used map with an expiry per entry. A Map iterates in insertion order, so
 * re-inserting on use keeps the least recently used first, where eviction takes it.
 */
export class LruCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();

  constructor(
    private readonly capacity: number,
    private readonly ttlMs: number,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: string, now: number): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= now) return undefined;
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V, now: number): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: now + this.ttlMs });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.capacity) break;
      this.entries.delete(oldest);
    }
  }
}

interface Counts {
  /** Index of the current window: floor(time / window). */
  window: number;
  current: number;
  previous: number;
}

/**
 * Failures per address in a sliding window, estimated from two fixed windows (the previous one
 * weighted by how much of it the sliding window still covers): constant memory per address whatever
 * the limit, and no burst of twice the limit across a window boundary. At most `maxAddresses` are
 * remembered; only failures create entries, so successful traffic from any number of addresses costs
 * nothing here.
 */
export class FailureLimiter {
  private readonly counts = new Map<string, Counts>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly maxAddresses: number,
  ) {}

  get size(): number {
    return this.counts.size;
  }

  /** The failures counted for `key` at `now`: the current window plus the covered part of the previous. */
  estimate(key: string, now: number): number {
    const counts = this.counts.get(key);
    if (!counts) return 0;
    this.roll(counts, now);
    const covered = 1 - (now % this.windowMs) / this.windowMs;
    const estimate = counts.previous * covered + counts.current;
    if (estimate === 0) this.counts.delete(key);
    return estimate;
  }

  blocked(key: string, now: number): boolean {
    return this.estimate(key, now) >= this.limit;
  }

  /** Counts `count` more for `key` (one by default; the field reports count their events). */
  fail(key: string, now: number, count = 1): void {
    const counts = this.counts.get(key) ?? { window: Math.floor(now / this.windowMs), current: 0, previous: 0 };
    this.roll(counts, now);
    counts.current += count;
    this.counts.delete(key);
    this.counts.set(key, counts);
    for (const oldest of this.counts.keys()) {
      if (this.counts.size <= this.maxAddresses) break;
      this.counts.delete(oldest);
    }
  }

  /** Refused requests add nothing, so the estimate only falls: by the end of the next window it is below the limit. */
  get retryAfterSeconds(): number {
    return Math.ceil(this.windowMs / 1000);
  }

  private roll(counts: Counts, now: number): void {
    const window = Math.floor(now / this.windowMs);
    if (window === counts.window) return;
    counts.previous = window === counts.window + 1 ? counts.current : 0;
    counts.current = 0;
    counts.window = window;
  }
}

/**
 * The opener of one server: `admit` before reading a request's body, `open` for its two fields.
 * @example
 * const opener = new Opener(privateKey);
 * opener.admit(address); // throws TooManyFailures
 * const body = opener.open(address, { params, encSecKey }); // throws WireError
 */
export class Opener {
  private readonly privateKeyPem: KeyObject | string;
  private privateKey: KeyObject | undefined;
  private readonly keys: LruCache<SecretKeys>;
  private readonly failures: FailureLimiter;
  /** Unwraps per client, and (under one key) of everyone: the same sliding count as failures. */
  private readonly unwraps: FailureLimiter;
  private readonly allUnwraps: FailureLimiter;
  private readonly lightUnwraps: number;
  private readonly unwrapsPerSecond: number;
  /** Unwraps of everyone in the last second past which only light clients are served. */
  private readonly heavyUnwrapsPerSecond: number;
  private readonly unwrap: (encSecKey: string, privateKey: KeyObject) => PageKeys;
  private readonly now: () => number;

  constructor(privateKey: KeyObject | string, options: OpenerOptions = {}) {
    const limits = { ...OPENER_DEFAULTS, ...definedOnly(options) };
    for (const [name, value] of Object.entries(limits)) {
      // A limit of 0 (or NaN) would refuse every address, or none: a configuration error, not a policy.
      if (!(value > 0)) throw new RangeError(`opener option ${name} must be a positive number`);
    }
    // Rounded: two thirds of 300 in floating point is a hair over 200, which would let a 201st in.
    const heavyUnwrapsPerSecond = Math.round(limits.unwrapsPerSecond * (1 - limits.reservedShare));
    // All of it reserved would leave heavy clients nothing, even on an idle server.
    if (!(heavyUnwrapsPerSecond >= 1)) throw new RangeError('opener option reservedShare leaves heavy clients no unwraps');
    this.privateKeyPem = privateKey;
    this.keys = new LruCache(limits.cacheSize, limits.cacheTtlMs);
    this.failures = new FailureLimiter(limits.failureLimit, limits.failureWindowMs, limits.maxAddresses);
    this.unwraps = new FailureLimiter(limits.unwrapLimit, limits.unwrapWindowMs, limits.maxAddresses);
    this.allUnwraps = new FailureLimiter(limits.unwrapsPerSecond, 1000, 1);
    this.lightUnwraps = limits.lightUnwraps;
    this.unwrapsPerSecond = limits.unwrapsPerSecond;
    this.heavyUnwrapsPerSecond = heavyUnwrapsPerSecond;
    this.unwrap = options.unwrap ?? unwrapKeys;
    this.now = options.now ?? Date.now;
  }

  /** Throws TooManyFailures for an address past its limit; runs before the body is even read. */
  admit(address: string): void {
    if (this.failures.blocked(address, this.now())) throw new TooManyFailures(this.failures.retryAfterSeconds);
  }

  /**
   * A request that opened, or needed no seal, and was malformed all the same (a 422): counted as a
   * failed open, so a client cannot spend the server's parsing on bodies that never pass.
   */
  refuse(address: string): void {
    this.failures.fail(address, this.now());
  }

  /**
   * The request object; WireError (counted against `address`) for anything that does not open.
   * Cheap checks first: form fields and the shape of params cost no RSA, and a known encSecKey none either.
   */
  open(address: string, form: WireForm): Record<string, unknown> {
    // Again, now: requests admitted together (read concurrently) would otherwise all reach RSA. From
    // here to counting a failure nothing awaits, so an address never gets past its limit.
    this.admit(address);
    try {
      const { params, encSecKey } = form;
      if (typeof params !== 'string' || typeof encSecKey !== 'string') throw new WireError('form');
      const sealed = decodeParams(params);
      return parseBody(openParams(sealed, this.keysFor(address, encSecKey)));
    } catch (error) {
      if (error instanceof WireError) this.failures.fail(address, this.now());
      throw error;
    }
  }

  private keysFor(address: string, encSecKey: string): SecretKeys {
    const now = this.now();
    const cached = this.keys.get(encSecKey, now);
    if (cached) return cached;
    // Counted before the operation, whatever its outcome: a key that fails costs the same CPU.
    if (this.unwraps.blocked(address, now)) throw new TooManyFailures(this.unwraps.retryAfterSeconds);
    // The total, shared fairly: a heavy client (10 or more unwraps in the last minute) is refused once
    // everyone together caused 200 in the last second, a light one only at 300, so the last 100 are
    // always there for light clients. A page load costs one unwrap: a person's first page, or a few a
    // minute, is light however many addresses flood the server with fresh keys. A flooding address is
    // light for its first 10 a minute; to keep the last 100 a second busy a flood needs 600 addresses.
    const heavy = this.unwraps.estimate(address, now) >= this.lightUnwraps;
    const ceiling = heavy ? this.heavyUnwrapsPerSecond : this.unwrapsPerSecond;
    if (this.allUnwraps.estimate('all', now) >= ceiling) throw new TooManyFailures(this.allUnwraps.retryAfterSeconds);
    this.unwraps.fail(address, now);
    this.allUnwraps.fail('all', now);
    // Parsed once, on first use (a PEM string would be parsed again by every RSA step); a key that does
    // not parse throws Node's own error, a server fault answered with 500, not a refused request.
    this.privateKey ??= typeof this.privateKeyPem === 'string' ? createPrivateKey(this.privateKeyPem) : this.privateKeyPem;
    const { aesKey, macKey } = this.unwrap(encSecKey, this.privateKey);
    // As key objects: Node would otherwise make one from the raw bytes in every HMAC and decipher.
    const keys = { aesKey: createSecretKey(aesKey), macKey: createSecretKey(macKey) };
    // Cached once RSA accepts them, whatever the params: a page whose request was tampered with
    // still holds good keys, and garbage params under a known encSecKey then cost no RSA at all.
    this.keys.set(encSecKey, keys, now);
    return keys;
  }
}

/** Options with `undefined` dropped, so `{ failureLimit: undefined }` keeps the default. */
function definedOnly(options: OpenerOptions): Partial<typeof OPENER_DEFAULTS> {
  return Object.fromEntries(Object.entries(options).filter(([key, value]) => value !== undefined && key in OPENER_DEFAULTS));
}
