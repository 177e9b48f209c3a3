/**
 * Which currency a region pays in. The region is the app's `dev_region` as the request
 * carries it, read like payment's (./regions.ts knownRegion); the prices in each currency are the
 * catalogue's (tables plan_prices, package_prices, coin_rates; seed/prices.json). Orders take their
 * amount and currency from there, never from the page.
 */
import { knownRegion } from './regions';

/** The service's own markets, each charged in its own currency. */
const REGION_CURRENCY: Readonly<Record<string, string>> = {
  CN: 'CNY',
  HK: 'HKD',
  TW: 'TWD',
  ID: 'IDR',
  MY: 'MYR',
  PH: 'PHP',
  VN: 'VND',
  TH: 'THB',
};

/**
 * Every other region, and a value that is no region at all: US dollars, the currency app stores and
 * payment providers fall back to where they do not price locally. Not CNY: a user in Singapore or
 * Tokyo knows the dollar's value, not the yuan's, and the provider converts from it either way.
 */
export const DEFAULT_CURRENCY = 'USD';

/**
 * The currency the user in `region` is priced and charged in.
 * @example currencyOf('th') // 'THB'
 * @example currencyOf('SG') // 'USD'
 * @example currencyOf('I R') // 'USD' (no region; payment is refused there anyway)
 */
export function currencyOf(region: string): string {
  return REGION_CURRENCY[knownRegion(region) ?? ''] ?? DEFAULT_CURRENCY;
}
