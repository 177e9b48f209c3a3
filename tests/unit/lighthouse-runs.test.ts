import { describe, expect, it } from 'vitest';
import { cpuSlowdownFor, DEVICE_BENCHMARK_INDEX, medianFigures, tasksAtCpuTime } from '../../scripts/lib/lighthouse-runs.mjs';

describe('medianFigures: what a Lighthouse gate checks once a run missed it', () => {
  it('takes each figure’s middle value, so one slow run cannot fail a page alone', () => {
    const runs = [
      { tbt: 298, lcp: 730, performance: 95 },
      { tbt: 39, lcp: 692, performance: 100 },
      { tbt: 104, lcp: 677, performance: 100 },
    ];
    expect(medianFigures(runs)).toEqual({ tbt: 104, lcp: 692, performance: 100 });
  });

  it('still fails a page whose runs are mostly over the gate', () => {
    expect(medianFigures([{ tbt: 260 }, { tbt: 80 }, { tbt: 240 }]).tbt).toBe(240);
  });

  it('leaves out what is not a number (the LCP element, an error code)', () => {
    expect(medianFigures([{ tbt: 1, lcpElement: 'h1' }])).toEqual({ tbt: 1 });
  });

  it('refuses an even number of runs, which has no middle run', () => {
    expect(() => medianFigures([{ tbt: 1 }, { tbt: 2 }])).toThrow(/no middle/);
  });
});

describe('cpuSlowdownFor: every host emulates the one phone the gates were set for', () => {
  it('is Lighthouse’s 4× on the host where the gates were set, and scales with the host’s index', () => {
    expect(cpuSlowdownFor(2731)).toBeCloseTo(4);
    expect(cpuSlowdownFor(1366)).toBeCloseTo(2, 2);
    // A faster host is slowed down more, so it cannot pass a page the gates' host would fail.
    expect(cpuSlowdownFor(4096)).toBeCloseTo(6, 2);
    expect(cpuSlowdownFor(2731) * DEVICE_BENCHMARK_INDEX).toBeCloseTo(2731);
  });

  it('never runs a page faster than the host: a host slower than the phone is measured as it is', () => {
    expect(cpuSlowdownFor(400)).toBe(1);
  });

  it('refuses a run without an index rather than guess a slowdown', () => {
    expect(() => cpuSlowdownFor(undefined)).toThrow(/no benchmark index/);
    expect(() => cpuSlowdownFor(0)).toThrow(/no benchmark index/);
    expect(() => cpuSlowdownFor(Number.NaN)).toThrow(/no benchmark index/);
  });
});

describe('tasksAtCpuTime: a task lasts the CPU time the page spent in it', () => {
  type TraceEvent = { name: string; ph: string; pid: number; tid: number; ts?: number; dur?: number; tdur?: number; args?: { name: string } };
  const MAIN = { pid: 1, tid: 7 };
  const trace = (): TraceEvent[] => [
    { name: 'thread_name', ph: 'M', ...MAIN, args: { name: 'CrRendererMain' } },
    { name: 'thread_name', ph: 'M', pid: 1, tid: 9, args: { name: 'Compositor' } },
    // 64 ms on the clock, 16 on the CPU: the page waited 48 ms for a core.
    { name: 'RunTask', ph: 'X', ...MAIN, ts: 1000, dur: 64_000, tdur: 16_000 },
    { name: 'FunctionCall', ph: 'X', ...MAIN, ts: 1000 + 32_000, dur: 32_000, tdur: 8000 },
    { name: 'ResourceSendRequest', ph: 'I', ...MAIN, ts: 1000 + 60_000 },
    // A task that ran without waiting keeps its length.
    { name: 'RunTask', ph: 'X', ...MAIN, ts: 100_000, dur: 90_000, tdur: 90_000 },
    { name: 'RunTask', ph: 'X', pid: 1, tid: 9, ts: 1000, dur: 64_000, tdur: 1000 },
  ];

  it('shortens a task to its CPU time and keeps what it did inside it, in order', () => {
    const events = trace();
    expect(tasksAtCpuTime(events)).toBe(1);
    expect(events.slice(2)).toMatchObject([
      { name: 'RunTask', ts: 1000, dur: 16_000 },
      // Halfway through the task on the clock is halfway through it on the CPU.
      { name: 'FunctionCall', ts: 1000 + 8000, dur: 8000 },
      // Still inside the task that sent it, so the request stays that task's.
      { name: 'ResourceSendRequest', ts: 1000 + 15_000 },
      // A long task that was all CPU still blocks as long: the gate can still fail a heavy page.
      { name: 'RunTask', ts: 100_000, dur: 90_000 },
      // Only the page's main thread: other threads are not what TBT counts.
      { name: 'RunTask', tid: 9, dur: 64_000 },
    ]);
  });

  it('leaves a recording without thread times as it was', () => {
    const events = trace().map(({ tdur: _tdur, ...event }) => event);
    const before = JSON.stringify(events);
    expect(tasksAtCpuTime(events)).toBe(0);
    expect(JSON.stringify(events)).toBe(before);
  });
});
