/**
 * What each tier gives (what the extra price of SVIP buys), in one table: the server applies
 * it (the download quota, server/api/music.ts through ../music/quota.ts) and the pages show it (the
 * benefits table on /vip-center and /vip-management, the SVIP tab, /download, the Q&A answer seeded
 * from it). Spec §9's quota is VIP's: 300 songs a cycle, valid days × 10 for a shorter package.
 */
import { QUOTA_PER_CYCLE, QUOTA_PER_DAY } from '../limits';
import type { Tier } from './ledger';

export interface Benefits {
  /** Songs a 31-day download cycle allows. */
  downloadsPerCycle: number;
  /** Songs a day of a cycle the membership does not fill allows (a short package, the last cycle). */
  downloadsPerDay: number;
  /** Lossless quality, every VIP song in full (no 60-second trial): every member has these. */
  lossless: true;
  vipSongs: true;
}

/** @example BENEFITS.svip.downloadsPerCycle // 600 */
export const BENEFITS: Record<Tier, Benefits> = {
  vip: { downloadsPerCycle: QUOTA_PER_CYCLE, downloadsPerDay: QUOTA_PER_DAY, lossless: true, vipSongs: true },
  // Twice VIP's downloads, for 22/12 of its price (the month plans): the difference the SVIP tab names.
  svip: { downloadsPerCycle: 2 * QUOTA_PER_CYCLE, downloadsPerDay: 2 * QUOTA_PER_DAY, lossless: true, vipSongs: true },
};
