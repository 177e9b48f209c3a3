/**
 * A body is bounded in work, not only in bytes. The attack: 0.8 MB bodies of nested
 * arrays posted to the public /api/vip/plans, 32 at a time from one address: each cost the server
 * about 168 ms of its one thread, none was refused (a 422 counted as no failure), and another
 * client's read went from 2–14 ms to 1.0–4.5 s. Here: the shape is bounded before parsing, every
 * body that never passes counts against its client like a seal that does not open, and a client's
 * requests take turns (server/api/fair.ts), so another client is never in its line. How fast the other
 * client stays under such a flood is measured by `npm run bench:server`, not timed here.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FairShare } from '../../server/api/fair';
import { JSON_MAX_DEPTH, JSON_MAX_VALUES } from '../../server/api/json-shape';
import { useApiServer } from '../fixtures/api-server';
import { rawPost } from '../fixtures/raw-post';
import { form, seal } from '../fixtures/seal';

const PUBLIC = readFileSync('tests/fixtures/keys/public.pem', 'utf8');
const plain = (json: string) => `request=${encodeURIComponent(json)}`;
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const code = (text: string) => (JSON.parse(text) as { code: unknown }).code;

/** Resolves once `ready()` holds, checking after each turn of the event loop (bounded, so a bug fails rather than hangs). */
async function until(ready: () => boolean): Promise<void> {
  for (let i = 0; i < 10_000 && !ready(); i++) await new Promise((done) => setTimeout(done, 1));
  expect(ready()).toBe(true);
}

/**
 * The shared FairShare, except that the attacker's first `held` requests stay in their turn until
 * `resume()`: the server's turns are then known to be taken, whatever the machine's speed.
 */
class HeldTurns extends FairShare {
  private readonly holds: Array<() => void> = [];
  constructor(
    private readonly holder: string,
    private held: number,
    options: ConstructorParameters<typeof FairShare>[0],
  ) {
    super(options);
  }
  override run<T>(client: string, work: () => Promise<T>): Promise<T> {
    return super.run(client, async () => {
      if (client === this.holder && this.held > 0) {
        this.held--;
        await new Promise<void>((resume) => this.holds.push(resume));
      }
      return work();
    });
  }
  holding(): number {
    return this.holds.length;
  }
  resume(): void {
    for (const resume of this.holds.splice(0)) resume();
  }
}

describe('heavy bodies', () => {
  const FAILURE_LIMIT = 5;
  const api = useApiServer('work-', { opener: { failureLimit: FAILURE_LIMIT } });

  it('refuses a body deeper or longer than any request before parsing it: 422 unsealed, the one badSeal sealed', async () => {
    const attacker = '127.0.6.1';
    // The attack's body: 0.8 MB of nested arrays in a field the endpoint does not even read.
    const deep = `{"region":"SG","x":${nested(400_000)}}`;
    expect((await rawPost(api.base, '/api/vip/plans', `request=${deep}`, attacker)).status).toBe(422);
    expect((await rawPost(api.base, '/api/vip/plans', plain(`{"region":"SG","x":${nested(JSON_MAX_DEPTH)}}`), attacker)).status).toBe(422);
    const long = JSON.stringify({ region: 'SG', x: Array.from({ length: JSON_MAX_VALUES }, () => 0) });
    expect((await rawPost(api.base, '/api/vip/plans', plain(long), attacker)).status).toBe(422);
    // Sealed, the same body is one of the ways a seal fails: one answer for all of them.
    const sealed = form(seal({ x: JSON.parse(nested(JSON_MAX_DEPTH)) as unknown[] }, PUBLIC, { path: '/api/health' }));
    const answer = await rawPost(api.base, '/api/health', sealed, '127.0.6.2');
    expect([answer.status, code(answer.text)]).toEqual([400, 'badSeal']);
    // Within the bounds, the same endpoint answers (brackets inside a string are text).
    const fine = JSON.stringify({ region: 'SG', x: nested(50), y: Array.from({ length: 100 }, () => [1]) });
    expect((await rawPost(api.base, '/api/vip/plans', plain(fine), '127.0.6.3')).status).toBe(200);
  });

  it('counts every 422 against its client like a seal that does not open: past the limit, refused before its body is read', async () => {
    const attacker = '127.0.7.1';
    for (let i = 0; i < FAILURE_LIMIT; i++) {
      expect((await rawPost(api.base, '/api/vip/plans', plain(`{"region":${nested(3)}}`), attacker)).status).toBe(422);
    }
    const refused = await rawPost(api.base, '/api/vip/plans', plain('{"region":"SG"}'), attacker);
    expect([refused.status, code(refused.text)]).toEqual([429, 'tooManyRequests']);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The public endpoint is no way around it, nor is a seal.
    expect((await rawPost(api.base, '/api/health', plain('{}'), attacker)).status).toBe(429);
    expect((await rawPost(api.base, '/api/health', form(seal({}, PUBLIC, { path: '/api/health' })), attacker)).status).toBe(429);
    // Another client is served as before.
    expect((await rawPost(api.base, '/api/vip/plans', plain('{"region":"SG"}'), '127.0.7.2')).status).toBe(200);
  });
});

describe("one client's turns", () => {
  const attacker = '127.0.8.1';
  const PER_CLIENT = 2;
  const QUEUE = 3;
  const turns = new HeldTurns(attacker, PER_CLIENT, { perClient: PER_CLIENT, queueLimit: QUEUE });
  const api = useApiServer('turns-', { fair: turns });
  const read = (from: string) => rawPost(api.base, '/api/vip/plans', plain('{"region":"SG"}'), from);

  it('runs a flood from one address a few at a time, refuses it past its line, and serves another address meanwhile', async () => {
    // The attacker's requests: two in their turn (held there), three waiting in line.
    const flood = Array.from({ length: PER_CLIENT + QUEUE }, () => read(attacker));
    await until(() => turns.holding() === PER_CLIENT && turns.lineOf(attacker).waiting === QUEUE);
    // One more than the line holds: told to come back, not kept.
    const over = await read(attacker);
    expect([over.status, code(over.text), over.headers['retry-after']]).toEqual([429, 'busy', '1']);
    // Another address is never in that line: answered while all of the attacker's are still open.
    const other = await read('127.0.8.2');
    expect(other.status).toBe(200);
    expect(turns.lineOf(attacker)).toEqual({ running: PER_CLIENT, waiting: QUEUE });
    expect(turns.lineOf('127.0.8.2')).toEqual({ running: 0, waiting: 0 });
    // Every request the line took is answered once its turn comes; then the line is gone.
    turns.resume();
    expect((await Promise.all(flood)).map((answer) => answer.status)).toEqual(Array.from({ length: PER_CLIENT + QUEUE }, () => 200));
    expect(turns.lineOf(attacker)).toEqual({ running: 0, waiting: 0 });
  });
});
