/**
 * The bridge calls every app page makes (docs/bridge.md): who the user is and on which device, the
 * theme, signing in, and the app showing the page again.
 */
import * as v from 'valibot';
import { bit, flag, id, theme } from '../schemas';
import { handlerSpec, querySpec } from '../spec';

const str = v.string();
const opt = v.optional;

/** @example v.parse(baseInfo, { language: 'th', uid: 7 }) */
export const baseInfo = v.object({
  language: opt(str),
  uid: opt(id),
  dev_pid: opt(id),
  dev_channel: opt(id),
  dev_region: opt(str),
  dev_timezone: opt(id),
  dev_language: opt(str),
  dev_app_version: opt(id),
  dev_manufacturer: opt(str),
  dev_model: opt(str),
});

/** @example v.parse(account, { isLogin: true, vip: { is_vip: 1, valid_time: 1767225600 } }) */
export const account = v.object({
  isLogin: v.boolean(),
  avatar: opt(str),
  nickname: opt(str),
  // valid_time: Unix seconds (spec §3), not milliseconds.
  vip: opt(v.object({ is_vip: bit, valid_time: v.number() })),
  vipType: opt(id),
  svipType: opt(id),
  is_member: opt(flag),
});

export const getAppBaseInfo = querySpec('getAppBaseInfo', baseInfo, {});
export const dark = querySpec('dark', theme, { dark: 0 });
export const accountInfo = querySpec('accountInfo', account, { isLogin: false });

// The new session the app's account service issued; src/lib/session.ts keeps it only if it looks like one.
export const onLoginCallback = handlerSpec('onLoginCallback', v.object({ success: v.boolean(), app_sessionid: v.optional(v.string()) }));
/** onResume carries nothing: whatever a host passes is ignored, so subscribers always get `undefined`. */
export const onResume = handlerSpec('onResume');
export const h5Dark = handlerSpec('h5Dark', theme);
