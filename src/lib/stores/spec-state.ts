/**
 * Spec §3's shared state under the spec's own names, each the store that holds it today or a view of
 * one (docs/models.md "The spec's shared state"). Someone reading the spec finds its names here; the
 * pages import the stores from where they live, so this module adds nothing to a page's script unless
 * an island imports it. Names with no store here: `fullScreen`, `currentIndex`, `index` (the player is
 * the app's own screen), `refresh` (each model reloads itself when shown again), `typeVisible` (the
 * feedback types are always shown), `Id` (the page's query), `darkbg`, `darkColor` (the shell's theme,
 * decided before paint: `<html data-theme>`, `--page-bg`).
 */
import { computed } from 'nanostores';
import { feedbackForm } from '../help/feedback-form';
import { SONGS_PAGE_SIZE } from '../../shared/limits';
import { $lists } from '../music/lists';
import { $playingId } from '../music/player';
import { $file } from '../personal/export';
import { $membership } from './membership';

/** `statePlay`: the id of the song the app says is playing, null when none. @example $statePlay.get() // 's03' */
export const $statePlay = $playingId;
/** `playing`: whether the app says a song is playing. @example $playing.get() // true */
export const $playing = computed($playingId, (id) => id !== null);
/** `musicList`: the page's song lists as the server gave them. @example $musicList.get().state // 'ready' */
export const $musicList = $lists;
/** `total` (default 10): the songs a list shows before "Show more". @example total // 10 */
export const total = SONGS_PAGE_SIZE;

/** `vipType`, as the host or the server says. @example $vipType.get() // 1 */
export const $vipType = computed($membership, (m) => m.vipType);
/** `svipType`. @example $svipType.get() // 0 */
export const $svipType = computed($membership, (m) => m.svipType);
/** `is_member`, the server's word once it has answered. @example $is_member.get() // true */
export const $is_member = computed($membership, (m) => m.is_member);
/** `userInfo_`: avatar, nickname and `vip: { is_vip, valid_time }` (Unix seconds). @example $userInfo_.get()?.vip.is_vip // 1 */
export const $userInfo_ = computed($membership, (m) => m.userInfo_);

/** `type` (default 1): the feedback type chosen in the form's draft. @example $type.get() // 'music' */
export const $type = computed(feedbackForm.$values, (values) => values.type);

/** `pdfFile`: the personal-data export file's state. @example $pdfFile.get().state // 'ready' */
export const $pdfFile = $file;

/** `selfInfo`: the nine device and user fields of `getAppBaseInfo`. @example $selfInfo.get().dev_region // 'SG' */
export { $selfInfo } from './self-info';
