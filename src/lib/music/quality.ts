/**
 * The sound quality the user plays songs in (standard, high, lossless), remembered on this phone and
 * sent with every launchPlay as `bitrateType`. Lossless needs membership (spec §6): a non-member who
 * picks it is told so and keeps the quality they had.
 */
import { atom } from 'nanostores';
import { $isMember } from '../stores/membership';
import { $notice } from './player';

export const QUALITIES = ['standard', 'high', 'lossless'] as const;
export type Quality = (typeof QUALITIES)[number];

const KEY = 'music.quality';

// Storage is the user's to edit: anything but a known quality reads as the default.
function stored(): Quality {
  try {
    const value = localStorage.getItem(KEY);
    return QUALITIES.find((q) => q === value) ?? 'standard';
  } catch {
    return 'standard';
  }
}

/** @example $quality.get() // 'high' */
export const $quality = atom<Quality>(stored());

/**
 * Chooses the quality for the next songs; lossless only for a member.
 * @returns false when refused (the notice says why and offers membership)
 * @example chooseQuality('lossless')
 */
export function chooseQuality(quality: Quality): boolean {
  if (quality === 'lossless' && !$isMember.get()) {
    $notice.set({ kind: 'losslessVip' });
    return false;
  }
  if ($notice.get()?.kind === 'losslessVip') $notice.set(null);
  $quality.set(quality);
  try {
    localStorage.setItem(KEY, quality);
  } catch {
    // Storage full or refused: the choice holds for this page.
  }
  return true;
}

/**
 * What launchPlay's `bitrateType` says now: the chosen quality, with lossless kept from a membership
 * that has since ended (high instead).
 * @example bitrate() // 'lossless'
 */
export const bitrate = (): Quality => {
  const quality = $quality.get();
  return quality === 'lossless' && !$isMember.get() ? 'high' : quality;
};
