/**
 * Playing a song from a page: the host plays it (`launchPlay`, in the quality chosen: ./quality.ts);
 * the page says what it could not do (spatial audio on a phone without it, or for a non-member:
 * normal playback instead), tells a non-member that a VIP song plays as a 60-second preview before it
 * starts and while it plays, and follows what the host reports (onPlayCallback, onPlayErrorCallback)
 * in `$playingId`, `$notice` and a toast. Loaded after the page (./lists.ts).
 */
import type { MessageKey } from '../../shared/message-key';
import { command, isInApp, onHost, query } from '../bridge';
import { getUserAuth, isSupportSpatialAudio, onPlayCallback, onPlayErrorCallback } from '../../shared/bridge/calls/music';
import { getPlayerState } from '../../shared/bridge/calls/player';
import { playErrorKey } from './play-errors';
import { MIN_PLAY_APP_VERSION } from '../../shared/limits';
import { pageHref } from '../nav';
import { olderThan } from '../app-version';
import { $isMember } from '../stores/membership';
import { $selfInfo } from '../stores/self-info';
import { confirmDialog, showToast } from '../stores/ui';
import { $notice, $playingId } from './player';
import { bitrate } from './quality';
import { startTrial, stopTrial } from './trial';

export interface Playable {
  id: string;
  name?: string;
  vip: boolean;
  spatial?: boolean;
}

// A preview notice goes with its song: another song, or none, takes it away.
const endPreview = () => {
  const kind = $notice.get()?.kind;
  if (kind === 'preview' || kind === 'previewList') $notice.set(null);
};

/**
 * Reads the host's player and follows its callbacks for as long as the page shows.
 * @returns a function that stops following
 * @example useEffect(watchPlayer, [])
 */
export function watchPlayer(): () => void {
  const state = query(getPlayerState);
  if (state.resourceId !== undefined) $playingId.set(String(state.resourceId));
  const offPlay = onHost(onPlayCallback, ({ resourceId, state }) => {
    const id = String(resourceId);
    $playingId.set(id);
    const notice = $notice.get();
    if (notice?.kind === 'preview' && notice.id === id && state === 'playing') $notice.set({ ...notice, playing: true });
  });
  const offError = onHost(onPlayErrorCallback, ({ code }) => {
    stopTrial();
    endPreview();
    showToast(playErrorKey(code));
    // The toast goes in 1.5 s; the way to how lyrics are matched stays.
    if (code === 'no_lyrics') $notice.set({ kind: 'noLyrics' });
  });
  return () => {
    offPlay();
    offError();
    stopTrial();
  };
}

/** The same, under the name `watchLoaded` (../model/once) starts a model with. */
export const watch = watchPlayer;

function askToJoin() {
  endPreview();
  void confirmDialog({ messageKey: 'music.trialEnded', confirmKey: 'music.becomeMember' }).then((join) => {
    if (join) location.href = pageHref('vip-center');
  });
}

/**
 * Can the app play from this page? An app too old says so; first use asks for the authorisation the
 * app needs (spec §6), in the app. Outside the app this is true: the caller's command then fails.
 */
function ready(): boolean {
  if (!isInApp()) return true;
  if (olderThan($selfInfo.get().dev_app_version, MIN_PLAY_APP_VERSION)) {
    showToast('error.unsupportedVersion');
    return false;
  }
  if (!query(getUserAuth).authorized) {
    void confirmDialog({ messageKey: 'music.authorizeHint', confirmKey: 'music.authorize' }).then((yes) => yes && command('jump', { target: 'user-auth' }));
    return false;
  }
  return true;
}

/**
 * What would happen if this song were played now (pure, for the page and its tests): the spatial
 * request honoured or the notice that says why not.
 * @example playPlan({ id: 's1', vip: false, spatial: true }, { member: false, spatialDevice: true, spatial: true }) // { spatial: false, notice: 'error.spatialVip', trial: false }
 */
export function playPlan(song: Playable, { member, spatialDevice, spatial }: { member: boolean; spatialDevice: boolean; spatial: boolean }) {
  let notice: MessageKey | null = null;
  if (spatial && !spatialDevice) notice = 'error.spatialUnsupported';
  else if (spatial && !member) notice = 'error.spatialVip';
  return { spatial: spatial && !notice, notice, trial: song.vip && !member };
}

/**
 * Plays the song through the host. `referrer` names the page and list, for the app's statistics.
 * @returns false outside the app (the page shows the open-in-app prompt)
 * @example play(song, { referrer: 'center-station:p-daily' })
 */
export function play(song: Playable, { referrer, spatial = false }: { referrer: string; spatial?: boolean }): boolean {
  if (!ready()) return true;
  const plan = playPlan(song, { member: $isMember.get(), spatialDevice: spatial && query(isSupportSpatialAudio), spatial });
  // Said before the host answers: a non-member knows it is a preview before hearing it.
  $notice.set(plan.trial ? { kind: 'preview', id: song.id, name: song.name ?? '', playing: false } : null);
  if (!command('launchPlay', { resourceId: song.id, type: plan.spatial ? 'spatial' : 'song', referrer, bitrateType: bitrate() }).ok) {
    endPreview();
    return false;
  }
  $playingId.set(song.id);
  if (plan.notice) showToast(plan.notice);
  if (plan.trial) startTrial(askToJoin);
  else stopTrial();
  return true;
}

/**
 * Plays a whole list through the host, from its first song. The app previews VIP songs for
 * non-members itself as the list goes on; the page says so first when the list has any (`vip`: how many).
 * @example playAll({ id: 'p-daily', first: 's01', vip: 2 }, { referrer: 'oppo-music:p-daily' })
 */
export function playAll(list: { id: string; first: string; vip: number }, { referrer }: { referrer: string }): boolean {
  if (!ready()) return true;
  if (!command('launchPlay', { resourceId: list.id, type: 'playlist', referrer, bitrateType: bitrate() }).ok) return false;
  stopTrial();
  $notice.set(list.vip > 0 && !$isMember.get() ? { kind: 'previewList', count: list.vip } : null);
  $playingId.set(list.first);
  return true;
}
