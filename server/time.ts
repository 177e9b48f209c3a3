/**
 * The server's clock units: the API and the database keep times as Unix seconds (docs/api.md), the
 * pipeline's clock is in milliseconds.
 */

/** Seconds in a day. */
export const DAY = 86_400;

/** Milliseconds in a day, for the clocks that count in them (sessions, uploads, the field report). */
export const DAY_MS = DAY * 1000;

/**
 * Unix seconds of a millisecond time.
 * @example seconds(1_700_000_000_999) // 1700000000
 */
export const seconds = (ms: number): number => Math.floor(ms / 1000);
