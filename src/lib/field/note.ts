/**
 * What happened to the page, noted for the field report (docs/field.md) from the moment core runs:
 * uncaught errors and rejections, chunk loads, host answers that break the bridge contract, API
 * failures. A queue on `window` until the reporter (./reporter.ts, loaded once the page is idle) takes
 * it over with a `push` of its own. Notes are raw (an error event as the browser gave it, a host's
 * value with its schema): reading, cleaning, bounding and sending are the reporter's weight, not every
 * page's first load. Imported by the island runtime (src/islands/ui/page.ts), so it is in core.
 */
import type * as v from 'valibot';

/** One note, raw: the reporter turns it into an event of the contract, with nothing personal left. */
export type FieldNote =
  /** An uncaught error (`error`) or an unhandled rejection (`unhandledrejection`). */
  | { kind: 'error'; event: Partial<ErrorEvent & PromiseRejectionEvent> }
  | { kind: 'chunk'; chunk: string; recovered: boolean }
  /** `value` and `schema` when the host's value broke the schema: the reporter names the rule, never the value. */
  | { kind: 'bridge'; method: string; rule: string; value?: unknown; schema?: v.GenericSchema }
  | { kind: 'api'; endpoint: string; code: string; status: number };

/** An array until the reporter replaces it: the same `push` either way. */
export interface FieldQueue {
  push(note: FieldNote): unknown;
}

/** Where the queue lives: one per page, shared by every chunk. */
export const queueHolder = () => window as unknown as { __field?: FieldQueue };

/**
 * @example noteField({ kind: 'chunk', chunk: '/_astro/form.x.js', recovered: false })
 */
export function noteField(note: FieldNote): void {
  if (typeof window != 'undefined') (queueHolder().__field ??= [] as FieldNote[]).push(note);
}

if (typeof window != 'undefined') {
  const onError = (event: Event) => noteField({ kind: 'error', event });
  addEventListener('error', onError);
  addEventListener('unhandledrejection', onError);
}
