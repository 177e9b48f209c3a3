/**
 * What the simulator page and the host script injected into its frame say to each other, and where
 * the simulated host's state is kept. Shared by sim.ts (parent) and host-entry.ts (frame). Types and
 * constants only: both sides are bundled for the browser.
 */
import type { FakeCall, FakeHostState } from '../fake-host';

/** `window.__sim` and `localStorage['__sim']`: the fake host's initial state for the next page load. */
export const HOST_STATE_KEY = '__sim';
/** The simulator's own controls (route, locale, theme…), from which the host state is derived. */
export const SETTINGS_KEY = '__sim:settings';

/** The host events the simulator may fire: the two the real host sends on its own. */
export const EVENTS = ['h5Dark', 'onResume'] as const;
export type SimEvent = (typeof EVENTS)[number];

/** Frame → simulator. */
export type FrameMessage =
  | { type: 'bridge-call'; call: FakeCall }
  /** The fake host is installed in a new document (after a load, reload or redirect). */
  | { type: 'host-ready'; url: string };

/** Simulator → frame. */
export type ParentMessage = { type: 'emit'; name: SimEvent; payload?: unknown } | { type: 'set'; partial: Partial<FakeHostState> };

/** Narrows a `message` event's data; anything else (other tools' messages, extensions) is ignored. */
export function isMessage<T extends { type: string }>(data: unknown, types: readonly T['type'][]): data is T {
  return typeof data === 'object' && data !== null && types.includes((data as { type?: unknown }).type as T['type']);
}
