/**
 * Every command's argument as a schema, with the handlers that answer it: the source of the
 * `Commands` type (contract.ts) and of the published contract (json-schema.ts, /bridge-contract.json).
 * Pages import only the type: a command's argument is ours, checked at compile time, so these schemas
 * ship only with the conformance kit (/bridge-check), which checks what a host answers, not what we send.
 */
import * as v from 'valibot';
import { id } from './schemas';

interface CommandSpec<A extends v.GenericSchema, R extends string> {
  arg: A;
  replies: readonly R[];
}

// Handler names as plain strings (contract.ts checks them against HANDLERS), so that this file and
// contract.ts do not import each other.
const command = <A extends v.GenericSchema, const R extends string = never>(arg: A, replies: readonly R[] = []): CommandSpec<A, R> => ({ arg, replies });
const none = v.undefined();
/** App navigation with no answer: nothing, or `{id}`. */
const nav = v.optional(v.object({ id }));
const text = v.string();

/**
 * @example COMMANDS.startPayWeb.replies // ['onPayCallback']
 */
export const COMMANDS = {
  login: command(none, ['onLoginCallback']),
  startPayWeb: command(v.object({ orderId: id, productId: id, payType: id, amount: v.number() }), ['onPayCallback']),
  /** Tells the host to refresh membership after a successful payment. */
  paySuccess: command(v.object({ orderId: id })),
  /** Pictures: jpg, png or bmp, at most five (spec §5). */
  acquirePicture: command(v.object({ max: v.picklist([1, 2, 3, 4, 5]) }), ['acquirePictureCallback']),
  uploadFile: command(v.object({ accept: v.picklist(['image', 'audio', 'video']), maxBytes: v.number() }), ['acquireFileCallback', 'uploadFileCallback']),
  cancelUploadFile: command(v.object({ id })),
  /** Answered by uploadFileCallback whose `id` is the `logFileName` sent. */
  uploadFeedbackLog: command(v.object({ logFileName: text }), ['uploadFileCallback']),
  sendPersonalInfoDownloadEmailCaptcha: command(v.object({ email: text })),
  launchPlay: command(v.object({ resourceId: id, type: id, referrer: text, bitrateType: v.optional(id) }), ['onPlayCallback', 'onPlayErrorCallback']),
  launchHTDialog2: command(v.object({ title: text, content: text, buttons: v.array(text) }), ['launchHTDialogCallback']),
  savePageState: command(v.object({ key: text, state: v.unknown() })),
  launchDialing: command(v.object({ phoneNumber: text })),
  jumpEmail: command(v.object({ email: text })),
  /** `target`: an app page id or a URL of this site. */
  jump: command(v.object({ target: text })),
  finishPage: command(nav),
  exit: command(nav),
  clearHistory: command(nav),
  foundMusic: command(nav),
  goWelfareCenterPage: command(nav),
  goEditSonglist: command(nav),
};
