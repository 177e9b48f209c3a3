/** Debounce (spec §9 helpers): e.g. search-as-you-type, so a request goes out once typing pauses. */

export interface Debounced<A extends unknown[]> {
  /** Schedules `fn` with these arguments, replacing any call still waiting. */
  (...args: A): void;
  /** Drops the waiting call, if any. */
  cancel(): void;
  /** Runs the waiting call now, if any (e.g. on submit or pagehide). */
  flush(): void;
  /** Whether a call is waiting. */
  pending(): boolean;
}

/**
 * Calls `fn` once, `wait` ms after the last call, with the last call's arguments (trailing edge).
 * @example
 * const search = debounce((text: string) => load(text), 300);
 * search('ja'); search('jay'); // one load('jay') 300 ms later
 * search.cancel(); // or search.flush() to run it now
 */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, wait: number): Debounced<A> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastArgs: A | undefined;

  const run = () => {
    const args = lastArgs;
    clearTimeout(timer);
    timer = undefined;
    lastArgs = undefined;
    // Cleared before calling, so fn may schedule itself again.
    if (args) fn(...args);
  };

  const debounced = (...args: A) => {
    lastArgs = args;
    clearTimeout(timer);
    timer = setTimeout(run, wait);
  };
  debounced.cancel = () => {
    clearTimeout(timer);
    timer = undefined;
    lastArgs = undefined;
  };
  debounced.flush = run;
  debounced.pending = () => timer !== undefined;
  return debounced;
}
