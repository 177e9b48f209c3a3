/**
 * The page's timings for the field report: TTFB and FCP from the browser's own entries (Chromium 60
 * on has both), the page's `useful` mark (src/layouts/reads-script.ts), and LCP, CLS and INP from the
 * engine's performance entries where it has them (LCP and CLS from Chromium 77, INP's event timing
 * from 96; observing by type needs `supportedEntryTypes`, 73). Measured here in a few lines rather
 * than with the web-vitals library: its 3.0 KB gzip, fetched on every page view, took the heaviest
 * in-app page past Lighthouse's 38 KB script gate (docs/field.md, "Timings").
 */
import type { FieldEvent } from '../../shared/field/contract';
import { FIELD_CLS_MAX, FIELD_TIMING_MAX, type TIMING_NAMES } from '../../shared/field/rules';

type TimingName = (typeof TIMING_NAMES)[number];

/** A layout shift as the engine reports it (`layout-shift` entries). */
export interface Shift {
  startTime: number;
  value: number;
  hadRecentInput: boolean;
}

/**
 * CLS: the largest burst of unexpected layout shifts, a burst being shifts less than 1 s apart
 * and at most 5 s long (the definition web.dev gives, and web-vitals computes).
 * @example clsOf([{ startTime: 100, value: 0.1, hadRecentInput: false }, { startTime: 400, value: 0.05, hadRecentInput: false }]) // 0.15
 */
export function clsOf(shifts: Shift[]): number {
  let worst = 0;
  let sum = 0;
  let first = -Infinity;
  let last = -Infinity;
  for (const shift of shifts) {
    if (shift.hadRecentInput) continue;
    if (shift.startTime - last > 1000 || shift.startTime - first > 5000) {
      sum = 0;
      first = shift.startTime;
    }
    sum += shift.value;
    last = shift.startTime;
    worst = Math.max(worst, sum);
  }
  return worst;
}

/**
 * INP from each interaction's longest event (by `interactionId`): the slowest interaction, or past
 * 50 of them one more step down the list per 50 (web-vitals' approximation of the 98th percentile).
 * Undefined when the user did not interact.
 * @example inpOf(new Map([[1, 80], [2, 240]])) // 240
 */
export function inpOf(longest: Map<number, number>): number | undefined {
  const durations = [...longest.values()].sort((a, b) => b - a);
  return durations[Math.min(durations.length - 1, Math.floor(durations.length / 50))];
}

/**
 * Starts watching; the reader it returns gives the timings known when it is called (at the page's
 * first hide).
 * @example const read = watchTimings(); addEventListener('pagehide', () => send(read()))
 */
export function watchTimings(): () => FieldEvent[] {
  let lcp: number | undefined;
  const shifts: Shift[] = [];
  const longest = new Map<number, number>();
  // LCP stops at the user's first input: what is painted after is not the load's.
  let inputAt = Infinity;
  const stop = (event: Event) => (inputAt = Math.min(inputAt, event.timeStamp));
  addEventListener('pointerdown', stop, { capture: true, once: true });
  addEventListener('keydown', stop, { capture: true, once: true });
  const watch = (type: string, take: (entry: PerformanceEntry) => void, options: object = {}) => {
    try {
      if (!PerformanceObserver.supportedEntryTypes?.includes(type)) return;
      new PerformanceObserver((list) => list.getEntries().forEach(take)).observe({ type, buffered: true, ...options });
    } catch {
      // An engine below the types: the page reports the timings it has.
    }
  };
  watch('largest-contentful-paint', (entry) => {
    if (entry.startTime < inputAt) lcp = entry.startTime;
  });
  watch('layout-shift', (entry) => shifts.push(entry as unknown as Shift));
  watch(
    'event',
    (entry) => {
      const { interactionId = 0 } = entry as PerformanceEntry & { interactionId?: number };
      if (interactionId) longest.set(interactionId, Math.max(longest.get(interactionId) ?? 0, entry.duration));
    },
    { durationThreshold: 16 },
  );
  return () => {
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const at = (name: string, type?: string) => performance.getEntriesByName(name, type)[0]?.startTime;
    const layoutShifts = PerformanceObserver.supportedEntryTypes?.includes('layout-shift');
    return timingEvents({
      TTFB: navigation?.responseStart,
      FCP: at('first-contentful-paint'),
      useful: at('useful', 'mark'),
      LCP: lcp,
      CLS: layoutShifts ? clsOf(shifts) : undefined,
      INP: inpOf(longest),
    });
  };
}

/**
 * The timings as events: milliseconds whole, CLS to four places; what is unknown or out of the
 * contract's range is left out.
 * @example timingEvents({ FCP: 812.4, CLS: 0.01234, LCP: undefined }) // [{ kind: 'timing', name: 'FCP', value: 812 }, { kind: 'timing', name: 'CLS', value: 0.0123 }]
 */
export function timingEvents(values: Partial<Record<TimingName, number | undefined>>): FieldEvent[] {
  const events: FieldEvent[] = [];
  for (const [name, raw] of Object.entries(values) as [TimingName, number | undefined][]) {
    if (typeof raw != 'number' || !(raw >= 0)) continue;
    const value = name == 'CLS' ? Math.round(raw * 1e4) / 1e4 : Math.round(raw);
    if (value <= (name == 'CLS' ? FIELD_CLS_MAX : FIELD_TIMING_MAX)) events.push({ kind: 'timing', name, value } as FieldEvent);
  }
  return events;
}
