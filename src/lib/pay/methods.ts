/**
 * The payment methods the host offers for a product: WeChat only when the phone has it installed, and
 * whether the user may choose among them (`supportSelectPayType`; otherwise the first one is used).
 */
import { query } from '../bridge';
import { getPayMethod, supportSelectPayType, wxInstalled } from '../../shared/bridge/calls/pay-methods';

/** A method as the host lists it (bridge contract `getPayMethod`). */
export type PayMethod = ReturnType<typeof payMethods>['methods'][number];

/** @example const { methods, selectable } = payMethods('vip-month') */
export function payMethods(productId: string) {
  const wechat = query(wxInstalled);
  const methods = query(getPayMethod, { productId }).filter((m) => wechat || !/wechat|weixin/i.test(`${m.id} ${m.name}`));
  return { methods, selectable: query(supportSelectPayType) };
}
