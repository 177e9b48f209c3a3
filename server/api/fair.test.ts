import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClientBusy, FairShare, TurnTimeout } from './fair';

/** A piece of work the test finishes when it wants: `started` says whether its turn came. */
function held() {
  let finish!: () => void;
  const work = { started: false, done: new Promise<void>((resolve) => (finish = resolve)), finish: () => finish() };
  return { work, run: () => ((work.started = true), work.done) };
}

const turnOfLoop = () => new Promise((done) => setImmediate(done));

describe('FairShare', () => {
  afterEach(() => vi.useRealTimers());

  it("runs a client's requests a few at a time, in the order they came, and lets no other client wait behind them", async () => {
    const fair = new FairShare({ perClient: 2, queueLimit: 10 });
    const works = Array.from({ length: 5 }, held);
    const runs = works.map(({ run }) => fair.run('a', run));
    await turnOfLoop();
    expect(works.map(({ work }) => work.started)).toEqual([true, true, false, false, false]);
    expect(fair.lineOf('a')).toEqual({ running: 2, waiting: 3 });
    // Another client starts at once.
    expect(await fair.run('b', async () => 'b')).toBe('b');
    works[1]!.work.finish();
    await turnOfLoop();
    await turnOfLoop();
    expect(works.map(({ work }) => work.started)).toEqual([true, true, true, false, false]);
    for (const { work } of works) work.finish();
    await Promise.all(runs);
    expect(works.every(({ work }) => work.started)).toBe(true);
    // Nothing is kept for an idle client.
    expect([fair.lineOf('a'), fair.lineOf('b')]).toEqual([
      { running: 0, waiting: 0 },
      { running: 0, waiting: 0 },
    ]);
  });

  it('refuses a request past the line without running it, and gives the turn back when a request fails', async () => {
    const fair = new FairShare({ perClient: 1, queueLimit: 1 });
    const first = held();
    const running = fair.run('a', first.run);
    const queued = fair.run('a', async () => 'queued');
    let ran = false;
    await expect(
      fair.run('a', async () => {
        ran = true;
      }),
    ).rejects.toBeInstanceOf(ClientBusy);
    expect(ran).toBe(false);
    first.work.finish();
    await running;
    expect(await queued).toBe('queued');
    await expect(fair.run('a', () => Promise.reject(new Error('handler failed')))).rejects.toThrow('handler failed');
    expect(await fair.run('a', async () => 'next')).toBe('next');
    expect(fair.lineOf('a')).toEqual({ running: 0, waiting: 0 });
  });

  it('gives up a wait that outlasts its limit, leaving the line to those behind it', async () => {
    const fair = new FairShare({ perClient: 1, queueLimit: 2 });
    const first = held();
    const running = fair.run('a', first.run);
    let ran = false;
    const late = fair.run(
      'a',
      async () => {
        ran = true;
      },
      5,
    );
    const patient = fair.run('a', async () => 'patient');
    await expect(late).rejects.toBeInstanceOf(TurnTimeout);
    expect(fair.lineOf('a')).toEqual({ running: 1, waiting: 1 });
    first.work.finish();
    await running;
    expect(await patient).toBe('patient');
    expect(ran).toBe(false);
  });

  it('keeps a turn handed over in the same moment as its wait runs out, and the rest of the line', async () => {
    // Node runs the timers of a loop before its setImmediate callbacks: a wait that ends just as the
    // turn is handed to it sees its timer first. Faked here: the timer is fired before the hand-over runs.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const fair = new FairShare({ perClient: 1, queueLimit: 2 });
    const first = held();
    const running = fair.run('a', first.run);
    const second = held();
    const handed = fair.run('a', second.run, 100);
    const third = fair.run('a', async () => 'third', 1_000);
    first.work.finish();
    await running;
    // The turn is handed to the second (its start is queued); its wait runs out now.
    vi.advanceTimersByTime(100);
    await turnOfLoop();
    expect(second.work.started).toBe(true);
    expect(fair.lineOf('a')).toEqual({ running: 1, waiting: 1 });
    second.work.finish();
    await handed;
    expect(await third).toBe('third');
    expect(fair.lineOf('a')).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses settings that would serve nobody', () => {
    expect(() => new FairShare({ perClient: 0 })).toThrow(RangeError);
    expect(() => new FairShare({ queueLimit: -1 })).toThrow(RangeError);
  });
});
