/**
 * The wait before a verification code may be asked for again (feedback, personal-data request): a
 * store of the seconds left, ticking only while there are some.
 */
import { atom, type ReadableAtom } from 'nanostores';

export interface Countdown {
  /** Whole seconds left, rounded up: 60 right after start(60), 0 when the button may be used. */
  $left: ReadableAtom<number>;
  start(seconds: number): void;
  stop(): void;
}

/**
 * @example const resend = countdown(); resend.start(60); resend.$left.get() // 60
 */
export function countdown(): Countdown {
  const $left = atom(0);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let end = 0;

  const tick = () => {
    const ms = end - Date.now();
    $left.set(Math.max(0, Math.ceil(ms / 1000)));
    // The next tick lands when the shown number changes, so the count does not drift.
    timer = ms > 0 ? setTimeout(tick, ms % 1000 || 1000) : undefined;
  };
  const stop = () => {
    clearTimeout(timer);
    timer = undefined;
    end = 0;
    $left.set(0);
  };

  return {
    $left,
    start(seconds) {
      clearTimeout(timer);
      end = Date.now() + Math.max(0, seconds) * 1000;
      tick();
    },
    stop,
  };
}
