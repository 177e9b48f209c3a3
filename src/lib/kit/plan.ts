/**
 * What the conformance kit runs: every query at once (none has a side effect), every command only
 * on a tap, with the argument it is called with, and the host events the tester causes. The
 * arguments are harmless test values: an order no shop sold, an address at example.com.
 */
import type { COMMANDS } from '../bridge/commands';
import type { HandlerName, QueryMethod } from '../bridge/contract';
import { QUERIES } from '../bridge/contract';

/** The key the kit saves and restores its page state under. */
export const KIT_KEY = 'bridge-check';
export const TEST_EMAIL = 'bridge-check@example.com';
export const TEST_PHONE = '10086';

const QUERY_ARGS: Partial<Record<QueryMethod, unknown>> = {
  getPayMethod: { productId: 'vip_month' },
  getSonglistInfo: { id: 1 },
  restorePageState: { key: KIT_KEY },
};

/** Every query of the contract, with the argument it needs. */
export const QUERY_PLAN = (Object.keys(QUERIES) as QueryMethod[]).map((method) => ({ method, arg: QUERY_ARGS[method] }));

export type CommandName = keyof typeof COMMANDS;

/** A command as the kit offers it: what it does (a `kit.do*` message), and how long its answer may take. */
export interface CommandStep {
  method: CommandName;
  /** The argument, made when tapped (an order id of that moment). */
  arg: (context: { now: number; payType: unknown; buttons: string[] }) => unknown;
  /** A person answers in the app's own screens (sign in, pay, pick): minutes, not seconds. */
  person: boolean;
  /** It leaves or closes this page: the report is copied or sent first. */
  leaves: boolean;
}

const step = (method: CommandName, arg: CommandStep['arg'] = () => undefined, flags: Partial<Pick<CommandStep, 'person' | 'leaves'>> = {}): CommandStep => ({
  method,
  arg,
  person: false,
  leaves: false,
  ...flags,
});
const orderId = (now: number) => `bridge-check-${now}`;

/** Every command of the contract, in the order a tester would try them. */
export const COMMAND_PLAN: CommandStep[] = [
  step('login', undefined, { person: true }),
  step('startPayWeb', ({ now, payType }) => ({ orderId: orderId(now), productId: 'bridge-check', payType: payType ?? 1, amount: 1 }), { person: true }),
  step('paySuccess', ({ now }) => ({ orderId: orderId(now) })),
  step('acquirePicture', () => ({ max: 1 }), { person: true }),
  step('uploadFile', () => ({ accept: 'image', maxBytes: 1024 * 1024 }), { person: true }),
  step('cancelUploadFile', ({ now }) => ({ id: `bridge-check-${now}` })),
  step('uploadFeedbackLog', ({ now }) => ({ logFileName: `bridge-check-${now}.log` })),
  step('sendPersonalInfoDownloadEmailCaptcha', () => ({ email: TEST_EMAIL })),
  step('launchPlay', () => ({ resourceId: 1, type: 'song', referrer: KIT_KEY })),
  step('launchHTDialog2', ({ buttons }) => ({ title: 'NativeBridge', content: KIT_KEY, buttons }), { person: true }),
  step('savePageState', ({ now }) => ({ key: KIT_KEY, state: { savedAt: now } })),
  step('launchDialing', () => ({ phoneNumber: TEST_PHONE }), { leaves: true }),
  step('jumpEmail', () => ({ email: TEST_EMAIL }), { leaves: true }),
  step('jump', () => ({ target: 'vip-center' }), { leaves: true }),
  step('foundMusic', undefined, { leaves: true }),
  step('goWelfareCenterPage', undefined, { leaves: true }),
  step('goEditSonglist', undefined, { leaves: true }),
  step('clearHistory'),
  step('finishPage', undefined, { leaves: true }),
  step('exit', undefined, { leaves: true }),
];

/** The host events, each caused by the tester (the `kit.cause*` message says how). */
export const EVENT_PLAN: HandlerName[] = ['onResume', 'h5Dark'];
