/**
 * Calls into `window.NativeBridge`: typed synchronous queries with fallbacks, and fire-and-forget
 * commands. The only code in the project that touches the host object.
 */
import type { CommandArgs, CommandMethod } from '../../shared/bridge/contract';
import { BAD, check, decode, warn } from './decode';
import type { ArgsOf, QuerySpec, ResultOf } from '../../shared/bridge/spec';

type HostMethod = (json?: string) => unknown;
type Host = Record<string, HostMethod | undefined>;

/**
 * What a command reports; it never throws, so a page can always go on to show the fallback UI.
 * @example if (!command('login').ok) showOpenInApp()
 */
export type CommandResult = { ok: true } | { ok: false; reason: 'unavailable' };

function host(): Host | undefined {
  // typeof window: this module is also imported while Astro renders pages on the server.
  const bridge = typeof window === 'undefined' ? undefined : (window as { NativeBridge?: unknown }).NativeBridge;
  return typeof bridge === 'object' && bridge !== null ? (bridge as Host) : undefined;
}

/**
 * True inside the app's WebView, where the host has injected `window.NativeBridge`.
 * @example if (!isInApp()) showOpenInApp()
 */
export function isInApp(): boolean {
  return host() !== undefined;
}

/**
 * Calls `NativeBridge[method]` as a method (Android's injected functions fail when detached from
 * their object) with one JSON string, or with nothing for a no-argument method.
 * Returns BAD when there is no host or no such method.
 */
function invoke(method: string, args: unknown[]): unknown {
  const bridge = host();
  if (typeof bridge?.[method] !== 'function') return BAD;
  return args.length && args[0] !== undefined ? bridge[method](JSON.stringify(args[0])) : bridge[method]();
}

// One warning per query per page: pages poll some queries (onResume refreshes), and a plain browser
// would otherwise repeat the same line on every call.
const warned = new Set<string>();

/**
 * A synchronous host query (a value of ./calls/<area>.ts), parsed with its schema. Never throws: no host,
 * an older app without the method, a host error, non-JSON or an invalid value all give the documented
 * fallback (one warning).
 * @example query(accountInfo).isLogin // false in a plain browser
 * @example query(getPayMethod, { productId: 'vip_month' }) // [{ id, name, icon }]
 */
export function query<Q extends QuerySpec>(spec: Q, ...args: ArgsOf<Q>): ResultOf<Q> {
  const { method } = spec;
  let problem = 'no host';
  let broken;
  try {
    if (spec.arg && check(spec.arg, args[0]) === BAD) problem = 'invalid argument';
    else if (isInApp()) {
      const raw = invoke(method, args);
      const value = raw === BAD ? BAD : decode(raw);
      // "" (nothing) is a valid answer that means "use the fallback", not a fault to report.
      if (value === undefined) return fallback(spec);
      const parsed = check(spec.result, value);
      if (parsed !== BAD) return parsed as ResultOf<Q>;
      problem = raw === BAD ? 'missing in this app version' : value === BAD ? 'not JSON' : 'invalid value';
      broken = { value, schema: spec.result };
    }
  } catch {
    problem = 'host threw';
  }
  // While Astro renders on the server no host is expected, so only the browser is told.
  if (typeof window !== 'undefined' && !warned.has(method)) {
    warned.add(method);
    warn(method, problem, '; using the fallback', broken);
  }
  return fallback(spec);
}

/** A fresh copy each time, so a page that mutates its result cannot change the next caller's fallback. */
function fallback<Q extends QuerySpec>(spec: Q): ResultOf<Q> {
  return JSON.parse(JSON.stringify(spec.fallback)) as ResultOf<Q>;
}

/**
 * Sends a command with its argument as one JSON string. `unavailable` means no host, an app version
 * without this method, or a host that threw; answers (if any) arrive later through `onHost`.
 * @example command('jump', { target: 'vip-center' }) // { ok: true } in the app
 */
export function command<M extends CommandMethod>(method: M, ...args: CommandArgs<M>): CommandResult {
  try {
    if (invoke(method, args) !== BAD) return { ok: true };
  } catch (error) {
    warn(method, 'host threw', `: ${String(error)}`);
  }
  return { ok: false, reason: 'unavailable' };
}
