/**
 * Bridge payload schemas: the shapes of docs/bridge.md as valibot schemas. The host is untrusted, so
 * every value it returns or sends passes one of these before any page code sees it.
 */
import * as v from 'valibot';

const str = v.string();
const num = v.number();
const opt = v.optional;

/**
 * An id as Java sends it: a string or a number depending on the field and app version. Kept as sent,
 * because some ids (pay types, order ids) go straight back to the host in a later command.
 * @example v.parse(id, 42) // 42
 */
export const id = v.union([str, num]);
/** @example const orderId: Id = 'o-1' */
export type Id = v.InferOutput<typeof id>;

/**
 * The contract's 0|1 flags (`dark`, `is_vip`): Java ints, not booleans.
 * @example v.parse(bit, 1) // 1
 */
export const bit = v.picklist([0, 1]);

/**
 * A yes/no field whose type the contract leaves open: JSON booleans or 0|1, read as a boolean.
 * @example v.parse(flag, 1) // true
 */
export const flag = v.pipe(
  v.union([v.boolean(), bit]),
  v.transform((value) => value === true || value === 1),
);

/**
 * A "true"/"false" query: JSON.parse has already made it a boolean.
 * @example v.parse(yesNo, true) // true
 */
export const yesNo = v.boolean();

/**
 * `dark()` and `h5Dark`. bgColor is six hex digits because it ends up in CSS (shell-rules `hexColor`).
 * @example v.parse(theme, { dark: 1, bgColor: '171717' })
 */
// No `i` flag: a JSON Schema pattern has none, and this one is published (/bridge-contract.json).
export const theme = v.object({ dark: bit, bgColor: opt(v.pipe(str, v.regex(/^#?[\dA-Fa-f]{6}$/))) });

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
  vip: opt(v.object({ is_vip: bit, valid_time: num })),
  vipType: opt(id),
  svipType: opt(id),
  is_member: opt(flag),
});

/** @example v.parse(payMethod, { id: 1, name: 'Card', icon: 'https://…/card.png' }) */
export const payMethod = v.object({ id, name: str, icon: opt(str) });

/** @example v.parse(reportInfo, { commentId: 9, content: 'hi' }) */
export const reportInfo = v.object({ commentId: opt(id), content: opt(str), author: opt(str), songId: opt(id) });

/** @example v.parse(personalInfo, { nickname: 'Ann', osName: 'ColorOS' }) */
export const personalInfo = v.object({
  nickname: opt(str),
  phone: opt(str),
  registerTime: opt(id),
  deviceBrand: opt(str),
  deviceModel: opt(str),
  ip: opt(str),
  osName: opt(str),
  osVersion: opt(str),
  appVersion: opt(str),
});

/** @example v.parse(song, { id: 1, name: 'A', artist: 'B', vip: 0, paid: false }) */
export const song = v.object({ id, name: str, artist: opt(str), vip: opt(flag), paid: opt(flag) });

/**
 * The fallback is `{}`, so every field is optional; a songlist without `songs` simply has none.
 * @example v.parse(songlist, { id: 1, name: 'Favourites', songs: [] })
 */
export const songlist = v.object({ id: opt(id), name: opt(str), cover: opt(str), songs: opt(v.array(song)) });

/** @example v.parse(playerState, { playing: true, resourceId: 12 }) */
export const playerState = v.object({ playing: v.boolean(), resourceId: opt(id) });

/**
 * Codes of onPlayErrorCallback; each maps to a catalogue message (`playErrorKey` in lib/music/play-errors).
 * @example PLAY_ERROR_CODES.includes('vip_only') // true
 */
export const PLAY_ERROR_CODES = ['no_copyright', 'vip_only', 'paid', 'unsupported_version', 'no_lyrics', 'spatial_unsupported', 'spatial_vip'] as const;
/** @example const code: PlayErrorCode = 'no_copyright' */
export type PlayErrorCode = (typeof PLAY_ERROR_CODES)[number];

/** @example v.parse(picture, { id: 'p1', name: 'a.png', size: 10, mime: 'image/png', thumbnail: 'data:…' }) */
export const picture = v.object({ id, name: str, size: num, mime: str, thumbnail: opt(str) });

/** @example v.parse(pickedFile, { id: 'f1', name: 'a.mp4', size: 10, mime: 'video/mp4' }) */
export const pickedFile = v.object({ id, name: str, size: num, mime: str });

/** @example v.parse(uploadProgress, { id: 'f1', status: 'progress', progress: 40 }) */
export const uploadProgress = v.object({
  id,
  status: v.picklist(['progress', 'done', 'failed']),
  progress: opt(num),
  url: opt(str),
});

/** @example v.parse(payResult, { status: 'cancel', orderId: 'o1' }) */
export const payResult = v.object({
  status: v.picklist(['success', 'failed', 'cancel']),
  orderId: id,
  message: opt(str),
});

/**
 * onResume carries nothing; whatever a host passes is ignored so subscribers always get `undefined`.
 * @example v.parse(nothing, 'x') // undefined
 */
export const nothing = v.pipe(
  v.unknown(),
  v.transform((): undefined => undefined),
);
