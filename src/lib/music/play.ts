/**
 * Playing a song from a page: the host plays it (`launchPlay`); the page says what it could not do
 * (spatial audio on a phone without it, or for a non-member: normal playback instead), starts the
 * 60-second preview for a non-member's VIP song, and follows what the host reports
 * (onPlayCallback, onPlayErrorCallback) in `$playingId` and a toast.
 */
import type { MessageKey } from '../../i18n';
import { atom } from 'nanostores';
import { command, isInApp, onHost, query } from '../bridge';
import { playErrorKey } from './play-errors';
import { MIN_PLAY_APP_VERSION } from '../limits';
import { pageHref } from '../nav';
import { olderThan } from '../app-version';
import { $isMember } from '../stores/membership';
import { $selfInfo } from '../stores/self-info';
import { confirmDialog, showToast } from '../stores/ui';
import { startTrial, stopTrial } from './trial';

export interface Playable {
  id: string;
  vip: boolean;
  spatial?: boolean;
}

/** The song the host says is playing (or last played), by id; null before any. */
export const $playingId = atom<string | null>(null);

/**
 * Reads the host's player and follows its callbacks for as long as the page shows.
 * @returns a function that stops following
 * @example useEffect(watchPlayer, [])
 */
export function watchPlayer(): () => void {
  const state = query('getPlayerState');
  if (state.resourceId !== undefined) $playingId.set(String(state.resourceId));
  const offPlay = onHost('onPlayCallback', ({ resourceId }) => $playingId.set(String(resourceId)));
  const offError = onHost('onPlayErrorCallback', ({ code }) => {
    stopTrial();
    showToast(playErrorKey(code));
  });
  return () => {
    offPlay();
    offError();
    stopTrial();
  };
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
  if (!query('getUserAuth').authorized) {
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
  const plan = playPlan(song, { member: $isMember.get(), spatialDevice: spatial && query('isSupportSpatialAudio'), spatial });
  if (!command('launchPlay', { resourceId: song.id, type: plan.spatial ? 'spatial' : 'song', referrer }).ok) return false;
  $playingId.set(song.id);
  if (plan.notice) showToast(plan.notice);
  if (plan.trial) {
    startTrial(() => {
      void confirmDialog({ messageKey: 'music.trialEnded', confirmKey: 'music.becomeMember' }).then((join) => {
        if (join) location.href = pageHref('vip-center');
      });
    });
  } else stopTrial();
  return true;
}

/**
 * Plays a whole list through the host, from its first song (the app previews VIP songs for
 * non-members itself as the list goes on).
 * @example playAll({ id: 'p-daily', first: 's01' }, { referrer: 'oppo-music:p-daily' })
 */
export function playAll(list: { id: string; first: string }, { referrer }: { referrer: string }): boolean {
  if (!ready()) return true;
  if (!command('launchPlay', { resourceId: list.id, type: 'playlist', referrer }).ok) return false;
  stopTrial();
  $playingId.set(list.first);
  return true;
}
