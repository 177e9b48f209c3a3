/** Endpoint handlers by area. Each area adds its own module and spreads it in here. */
import { COIN_HANDLERS } from './coins';
import { HELP_HANDLERS } from './help';
import { MUSIC_HANDLERS, SUBMISSION_HANDLERS } from './music';
import { PERSONAL_HANDLERS } from './personal';
import type { Handlers } from './pipeline';
import { findSession } from './sessions';
import { REPORT_HANDLERS } from './report';
import { VIP_HANDLERS } from './vip';

/**
 * Every handler of the contract.
 * @example apiRoutes({ db, privateKey, handlers: HANDLERS })
 */
export const HANDLERS: Handlers = {
  health: () => ({ ok: true }),
  session: ({ db, user, now }) => ({ uid: user!.uid, loginAt: findSession(db, user!.app_sessionid, now)?.createdAt ?? 0 }),
  ...VIP_HANDLERS,
  ...COIN_HANDLERS,
  ...REPORT_HANDLERS,
  ...HELP_HANDLERS,
  ...MUSIC_HANDLERS,
  ...SUBMISSION_HANDLERS,
  ...PERSONAL_HANDLERS,
};
