/**
 * The API contract (docs/api.md): every endpoint of every area, by name. The reference server
 * (`server/`) walks this map; pages import the endpoint values of their own area instead, so a page
 * never bundles another area's schemas. Each area adds `import * as <area> from './endpoints/<area>'`
 * and spreads it here.
 */
import type * as v from 'valibot';
import type { Endpoint } from './endpoint';
import * as appeal from './endpoints/appeal';
import * as coinOrders from './endpoints/coins-orders';
import * as coins from './endpoints/coins';
import * as coinRecords from './endpoints/coins-records';
import * as feedback from './endpoints/feedback';
import * as help from './endpoints/help';
import * as music from './endpoints/music';
import * as musicDownloads from './endpoints/music-downloads';
import * as platform from './endpoints/platform';
import * as personal from './endpoints/personal';
import * as report from './endpoints/report';
import * as reportSubmit from './endpoints/report-submit';
import * as submission from './endpoints/submission';
import * as vip from './endpoints/vip';
import * as vipBuy from './endpoints/vip-buy';
import * as vipOrder from './endpoints/vip-order';
import * as vipOrders from './endpoints/vip-orders';
import * as vipRedeem from './endpoints/vip-redeem';
import * as vipRenewal from './endpoints/vip-renewal';

// Only endpoint values: the schema building blocks each area module also exports are left out.
const endpoints = <T extends Record<string, unknown>>(area: T) => {
  const picked: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(area)) if (isEndpoint(value)) picked[name] = value;
  return picked as { [K in keyof T as T[K] extends Endpoint ? K : never]: T[K] };
};
const isEndpoint = (value: unknown): value is Endpoint => typeof value === 'object' && value !== null && 'path' in value && 'request' in value;

export const ENDPOINTS = {
  ...endpoints(platform),
  ...endpoints(vip),
  ...endpoints(vipBuy),
  ...endpoints(vipOrder),
  ...endpoints(vipOrders),
  ...endpoints(vipRenewal),
  ...endpoints(vipRedeem),
  ...endpoints(coins),
  ...endpoints(coinOrders),
  ...endpoints(coinRecords),
  ...endpoints(report),
  ...endpoints(reportSubmit),
  ...endpoints(appeal),
  ...endpoints(help),
  ...endpoints(feedback),
  ...endpoints(music),
  ...endpoints(musicDownloads),
  ...endpoints(submission),
  ...endpoints(personal),
};

/**
 * The contract's type, for code that walks every endpoint (the reference server's router).
 * @example type HealthPath = Endpoints['health']['path']
 */
export type Endpoints = typeof ENDPOINTS;
/**
 * Any endpoint name.
 * @example const name: EndpointName = 'session'
 */
export type EndpointName = keyof Endpoints;
/** What a caller passes by endpoint name. @example const body: RequestOf<'health'> = {} */
export type RequestOf<N extends EndpointName> = v.InferInput<Endpoints[N]['request']> & object;
/** What an endpoint answers by name. @example const s: ResponseOf<'session'> = { uid: '1', loginAt: 0 } */
export type ResponseOf<N extends EndpointName> = v.InferOutput<Endpoints[N]['response']>;

/**
 * The reply the server sends, typed by endpoint.
 * @example const reply: Envelope<'health'> = { code: 0, data: { ok: true } }
 */
export type Envelope<N extends EndpointName> = { code: 0; data: ResponseOf<N> } | { code: string | number; message: string };

export { ENVELOPE, WIRE_FIELDS, WIRE_VERSION, endpoint, type Endpoint, type WireFields } from './endpoint';
