/**
 * What the conformance kit runs: every query at once (none has a side effect), every command only
 * on a tap, with the argument it is called with, and the host events the tester causes. The
 * arguments are harmless test values: an order no shop sold, an address at example.com.
 */
import type { COMMANDS } from '../../shared/bridge/commands';
import type { HandlerName, QueryMethod } from '../../shared/bridge/contract';
import { QUERIES } from '../../shared/bridge/contract';
import type { MessageKey } from '../../shared/message-key';

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
  /** What it does, in the tester's words (`{email}`, `{phone}`: TEST_EMAIL, TEST_PHONE). */
  does: MessageKey;
  /** The argument, made when tapped (an order id of that moment). */
  arg: (context: { now: number; payType: unknown; buttons: string[] }) => unknown;
  /** A person answers in the app's own screens (sign in, pay, pick): minutes, not seconds. */
  person: boolean;
  /** It leaves or closes this page: the report is copied or sent first. */
  leaves: boolean;
}

const step = (
  method: CommandName,
  does: MessageKey,
  arg: CommandStep['arg'] = () => undefined,
  flags: Partial<Pick<CommandStep, 'person' | 'leaves'>> = {},
): CommandStep => ({
  method,
  does,
  arg,
  person: false,
  leaves: false,
  ...flags,
});
const orderId = (now: number) => `bridge-check-${now}`;

/** Every command of the contract, in the order a tester would try them. */
export const COMMAND_PLAN: CommandStep[] = [
  step('login', 'kit.doLogin', undefined, { person: true }),
  step('startPayWeb', 'kit.doStartPayWeb', ({ now, payType }) => ({ orderId: orderId(now), productId: 'bridge-check', payType: payType ?? 1, amount: 1 }), {
    person: true,
  }),
  step('paySuccess', 'kit.doPaySuccess', ({ now }) => ({ orderId: orderId(now) })),
  step('acquirePicture', 'kit.doAcquirePicture', () => ({ max: 1 }), { person: true }),
  step('uploadFile', 'kit.doUploadFile', () => ({ accept: 'image', maxBytes: 1024 * 1024 }), { person: true }),
  step('cancelUploadFile', 'kit.doCancelUploadFile', ({ now }) => ({ id: `bridge-check-${now}` })),
  step('uploadFeedbackLog', 'kit.doUploadFeedbackLog', ({ now }) => ({ logFileName: `bridge-check-${now}.log` })),
  step('sendPersonalInfoDownloadEmailCaptcha', 'kit.doSendPersonalInfoDownloadEmailCaptcha', () => ({ email: TEST_EMAIL })),
  step('launchPlay', 'kit.doLaunchPlay', () => ({ resourceId: 1, type: 'song', referrer: KIT_KEY })),
  step('launchHTDialog2', 'kit.doLaunchHTDialog2', ({ buttons }) => ({ title: 'NativeBridge', content: KIT_KEY, buttons }), { person: true }),
  step('savePageState', 'kit.doSavePageState', ({ now }) => ({ key: KIT_KEY, state: { savedAt: now } })),
  step('launchDialing', 'kit.doLaunchDialing', () => ({ phoneNumber: TEST_PHONE }), { leaves: true }),
  step('jumpEmail', 'kit.doJumpEmail', () => ({ email: TEST_EMAIL }), { leaves: true }),
  step('jump', 'kit.doJump', () => ({ target: 'vip-center' }), { leaves: true }),
  step('foundMusic', 'kit.doFoundMusic', undefined, { leaves: true }),
  step('goWelfareCenterPage', 'kit.doGoWelfareCenterPage', undefined, { leaves: true }),
  step('goEditSonglist', 'kit.doGoEditSonglist', undefined, { leaves: true }),
  step('clearHistory', 'kit.doClearHistory'),
  step('finishPage', 'kit.doFinishPage', undefined, { leaves: true }),
  step('exit', 'kit.doExit', undefined, { leaves: true }),
];

/** The host events, each caused by the tester, and the message that says how. */
export const EVENT_PLAN: Array<{ name: HandlerName; cause: MessageKey }> = [
  { name: 'onResume', cause: 'kit.causeOnResume' },
  { name: 'h5Dark', cause: 'kit.causeH5Dark' },
];
