/**
 * The page's timings for the field report: TTFB and FCP from the browser's own entries (Chromium 60
 * on has both), the page's `useful` mark (src/layouts/useful-mark.ts), and LCP, CLS and INP from
 * web-vitals where the engine measures them. web-vitals needs `PerformanceObserver.supportedEntryTypes`
 * (Chromium 73) and `globalThis` (71), and LCP and CLS exist from 77: below 73 it is not even fetched,
 * and those pages report what their engine has.
 */
import type { FieldEvent } from '../../shared/field/contract';
import { FIELD_CLS_MAX, FIELD_TIMING_MAX, type TIMING_NAMES } from '../../shared/field/rules';

type TimingName = (typeof TIMING_NAMES)[number];

type Vital = Extract<TimingName, 'LCP' | 'CLS' | 'INP'>;

/**
 * Starts watching; the reader it returns gives the timings known when it is called (at the page's
 * first hide, when web-vitals has settled LCP, CLS and INP).
 * @example const read = watchTimings(); addEventListener('pagehide', () => send(read()))
 */
export function watchTimings(): () => FieldEvent[] {
  const vitals: Partial<Record<Vital, number>> = {};
  if (typeof PerformanceObserver == 'function' && PerformanceObserver.supportedEntryTypes) {
    // web-vitals reads the last of a list with `Array.prototype.at` (Chromium 92): the standard method,
    // given to the engines between that lack it, so Chromium 77 to 91 report LCP and CLS too.
    // eslint-disable-next-line compat/compat -- the check for the method, not a use of it
    if (![].at)
      Object.defineProperty(Array.prototype, 'at', {
        configurable: true,
        writable: true,
        value(this: unknown[], index: number) {
          const i = Math.trunc(index) || 0;
          return this[i < 0 ? this.length + i : i];
        },
      });
    import('web-vitals').then(
      ({ onLCP, onCLS, onINP }) => {
        // Every change, not only the final value: the page may be left (pagehide) before web-vitals
        // has settled its own, and what the page had by then is its value.
        const all = { reportAllChanges: true };
        onLCP((metric) => (vitals.LCP = metric.value), all);
        onCLS((metric) => (vitals.CLS = metric.value), all);
        onINP((metric) => (vitals.INP = metric.value), all);
      },
      // The chunk did not come (core noted it): the page reports the timings it has.
      () => undefined,
    );
  }
  return () => {
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const at = (name: string, type?: string) => performance.getEntriesByName(name, type)[0]?.startTime;
    return timingEvents({ TTFB: navigation?.responseStart, FCP: at('first-contentful-paint'), useful: at('useful', 'mark'), ...vitals });
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
