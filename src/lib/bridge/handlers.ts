/**
 * Host → page: the global handlers `window.<name>(json)` the host calls. Each is installed once per
 * page and fans out to any number of subscribers, with the payload checked against its schema.
 */
import { BAD, check, decode, warn } from './decode';
import type { HandlerSpec, PayloadOf } from '../../shared/bridge/spec';

type Listener = (payload: unknown) => void;

interface Slot {
  /** The function installed as `window[name]`. */
  fire: (raw?: unknown) => void;
  listeners: Set<Listener>;
  /** A handler that was on `window[name]` before ours, e.g. the shell script's early `h5Dark`. */
  prior?: (raw?: unknown) => void;
}

/**
 * Where the handler registry lives on `window`. It is shared, not module state, because a page may
 * load this module in two bundles, and the host can only call the one function on `window[name]`.
 * @example (window as any)[REGISTRY_KEY].get('h5Dark').listeners.size // subscribers, for tests
 */
export const REGISTRY_KEY = '__bridgeHandlers';

type Globals = Record<string, unknown>;

function registry(): Map<string, Slot> {
  const globals = window as unknown as Globals;
  return (globals[REGISTRY_KEY] ??= new Map<string, Slot>()) as Map<string, Slot>;
}

function slotFor({ name, payload: schema }: HandlerSpec): Slot {
  const slots = registry();
  let slot = slots.get(name);
  if (!slot) {
    const created: Slot = {
      listeners: new Set(),
      fire: (raw) => {
        // The earlier handler gets the raw argument first, exactly as the host sent it.
        safely(name, () => created.prior?.call(window, raw));
        // A handler without payload (onResume) ignores whatever it is given, even what is not JSON.
        const payload = schema === undefined ? undefined : check(schema, decode(raw));
        if (payload === BAD) return warn(name, 'malformed payload dropped');
        // A copy: a subscriber that unsubscribes (or subscribes) while being called must not change this round.
        for (const listener of [...created.listeners]) safely(name, () => listener(payload));
      },
    };
    slots.set(name, (slot = created));
  }
  const globals = window as unknown as Globals;
  const current = globals[name];
  if (current !== slot.fire) {
    if (typeof current === 'function') slot.prior = current as Slot['prior'];
    globals[name] = slot.fire;
  }
  return slot;
}

/** One failing subscriber must not cost the others their event; its error is still logged. */
function safely(name: string, run: () => void): void {
  try {
    run();
  } catch (error) {
    console.error(`[bridge] a ${name} subscriber threw`, error);
  }
}

/**
 * Subscribes to a host handler (a value of ./calls/<area>.ts); returns the unsubscribe function. The payload
 * has been checked against the contract: a malformed one never reaches the listener. Treat it as
 * read-only, it is shared by every subscriber of that call.
 * @example const off = onHost(h5Dark, ({ dark, bgColor }) => applyTheme(dark, bgColor)); off();
 */
export function onHost<H extends HandlerSpec>(handler: H, listener: (payload: PayloadOf<H>) => void): () => void {
  // Server render: there is no host to hear from.
  if (typeof window === 'undefined') return () => {};
  const { listeners } = slotFor(handler);
  // A wrapper per subscription, so subscribing the same function twice gives two independent subscriptions.
  const entry: Listener = (payload) => listener(payload as PayloadOf<H>);
  listeners.add(entry);
  return () => {
    listeners.delete(entry);
  };
}
