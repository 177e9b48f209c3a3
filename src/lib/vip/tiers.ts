/**
 * What VIP time is worth to an SVIP member (issue 27). A membership has one tier: VIP days added while
 * SVIP is active cannot stay VIP, and as SVIP days they would be SVIP at VIP money. They become SVIP
 * time of the same worth, by the two month plans' prices: a VIP month (31 days at CN¥12) adds 16.9
 * days to an SVIP membership whose month is CN¥22. The server grants it (server/db/membership.ts); the
 * VIP plans say it to an SVIP member before they pay.
 */

/**
 * @example svipWorth(31, { vip: 1200, svip: 2200 }) // 16.9…
 * @example svipWorth(7, { vip: 0, svip: 2200 }) // 7 (no price to compare: the days as they are)
 */
export function svipWorth(vipDays: number, monthPrices: { vip: number; svip: number }): number {
  const { vip, svip } = monthPrices;
  return vip > 0 && svip > 0 ? (vipDays * vip) / svip : vipDays;
}
