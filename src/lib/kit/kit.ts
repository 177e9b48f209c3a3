/**
 * The kit as a page runs it (/bridge-check): one store of results, the automatic part on start,
 * each command and host event on request, and the report kept current for tools
 * (`window.bridgeReport`, `<html data-bridge-check="done">` once the automatic part has run).
 */
import { atom } from 'nanostores';
import type { HandlerName } from '../../shared/bridge/contract';
import { COMMAND_PLAN, EVENT_PLAN, QUERY_PLAN, TEST_EMAIL, TEST_PHONE, type CommandStep } from './plan';
import { Recorder, checkArrival, checkCommand, checkEvent, checkQuery, checkSavedState, type CheckResult } from '../bridge/probe';
import { buildReport, type KitReport, type ReasonText } from './report';

export interface KitOptions {
  win: Window;
  /** `NativeBridge` was there when the page's first script ran (the shell script's `data-session`). */
  atFirstScript: boolean;
  /** How long a command's answer or a host event may take: a person's, and the app's own. */
  personMs: number;
  appMs: number;
  /** How long to wait for a bridge injected late. */
  arrivalMs: number;
  /** After a command's first answer, how long to watch for a second one. */
  settleMs: number;
  text: ReasonText;
  locale: string;
  /** The button labels of the test dialog, in the page's language. */
  buttons: string[];
}

export interface KitState {
  results: CheckResult[];
  automaticDone: boolean;
  /** The command or event being waited for; one at a time, so every answer is the right call's. */
  busy: string | null;
}

// Not run yet: the status says so, no reason to add.
const pending = (call: string, kind: CheckResult['kind']): CheckResult => ({ call, kind, status: 'skipped', reasons: [] });

/**
 * The kit's state and what it can do.
 * @example const kit = createKit({ win: window, atFirstScript: true, personMs: 60_000, appMs: 10_000, arrivalMs: 3000, settleMs: 1000, text, locale, buttons }); void kit.start();
 */
export function createKit(options: KitOptions) {
  const { win } = options;
  const recorder = new Recorder(win);
  const $kit = atom<KitState>({
    results: [
      pending('NativeBridge', 'bridge'),
      ...QUERY_PLAN.map(({ method }) => pending(method, 'query')),
      ...COMMAND_PLAN.map(({ method }) => pending(method, 'command')),
      ...EVENT_PLAN.map(({ name }) => pending(name, 'event')),
    ],
    automaticDone: false,
    busy: null,
  });

  const report = (): KitReport =>
    buildReport($kit.get().results, {
      text: options.text,
      locale: options.locale,
      userAgent: win.navigator.userAgent,
      page: win.location.pathname,
      automaticDone: $kit.get().automaticDone,
      now: Date.now(),
    });

  /** The state with `patch` and, if given, one result replaced; the tools' copy of the report kept current. */
  const update = (patch: Partial<KitState>, result?: CheckResult) => {
    const state = $kit.get();
    const results = result ? state.results.map((r) => (r.call === result.call && r.kind === result.kind ? result : r)) : state.results;
    $kit.set({ ...state, ...patch, results });
    (win as unknown as { bridgeReport?: KitReport }).bridgeReport = report();
  };

  /** The bridge's arrival and every query: no side effect, so run at once. */
  async function start(): Promise<void> {
    update({}, await checkArrival(win, options.atFirstScript, options.arrivalMs));
    // With no bridge, each query says so and stays not run (checkQuery).
    for (const { method, arg } of QUERY_PLAN) update({}, checkQuery(win, method, arg));
    update({ automaticDone: true });
    win.document.documentElement.dataset.bridgeCheck = 'done';
  }

  /** One command, on the tester's tap. */
  async function run(step: CommandStep): Promise<void> {
    if ($kit.get().busy) return;
    const now = Date.now();
    update({ busy: step.method });
    const arg = step.arg({ now, payType: firstPayType(), buttons: options.buttons });
    const timing = { replyMs: step.person ? options.personMs : options.appMs, settleMs: options.settleMs };
    let result = await checkCommand(win, recorder, step.method, arg, timing);
    if (step.method === 'savePageState' && result.status === 'pass') {
      const reasons = checkSavedState(win, (arg as { key: string }).key, (arg as { state: unknown }).state);
      if (reasons.length) result = { ...result, status: 'fail', reasons };
    }
    update({ busy: null }, result);
  }

  /** Waits for a host event the tester causes. */
  async function listen(name: HandlerName): Promise<void> {
    if ($kit.get().busy) return;
    update({ busy: name });
    update({ busy: null }, await checkEvent(recorder, name, recorder.mark(), options.personMs));
  }

  /** The first pay method's id the host offered, so the test payment names one the app knows. */
  function firstPayType(): unknown {
    const raw = $kit.get().results.find((r) => r.call === 'getPayMethod')?.raw;
    try {
      const methods: unknown = JSON.parse(raw ?? '');
      return Array.isArray(methods) ? (methods[0] as { id?: unknown } | undefined)?.id : undefined;
    } catch {
      return undefined;
    }
  }

  // The plan travels with the kit: the page loads all of it in one import (see BridgeCheck).
  return {
    $kit,
    start,
    run,
    listen,
    report,
    plan: { commands: COMMAND_PLAN, events: EVENT_PLAN, email: TEST_EMAIL, phone: TEST_PHONE, personSeconds: Math.round(options.personMs / 1000) },
  };
}

export type Kit = ReturnType<typeof createKit>;
export type { CheckResult, Reason, Status } from '../bridge/probe';
