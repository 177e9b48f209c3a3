import { describe, expect, it } from 'vitest';
import { coinOrder } from '../../src/shared/api/endpoints/coins-orders';
import { fullFeedback } from '../../src/shared/api/endpoints/feedback';
import { rowAs } from './rows';

const order = {
  orderId: 'c-1',
  packageId: 'coins-300',
  coins: 300,
  bonus: 30,
  amount: 3000,
  currency: 'CNY',
  state: 'paid',
  createdAt: 1_700_000_000,
  paidAt: 1_700_000_060,
};

describe('rowAs', () => {
  it('gives the parsed value of a row that fits its schema', () => {
    expect(rowAs(coinOrder, order, 'coin_orders')).toEqual(order);
  });

  it('names the table and the field of an order whose state is not one the contract knows', () => {
    expect(() => rowAs(coinOrder, { ...order, state: 'bogus' }, 'coin_orders')).toThrow(/coin_orders.*\bstate: .*"bogus"/);
  });

  it('names the whole path of a nested field, and every field that fails', () => {
    const feedback = {
      id: 'fb-1',
      type: 'nonsense',
      typeLabel: 'Other',
      description: 'It stopped.',
      contact: 'me@example.com',
      state: 'submitted',
      attachments: [{ id: 'a1', name: 'a.png', mime: 'image/png', size: -1, url: '/u/a1' }],
      screenshots: [],
      log: false,
      song: null,
      createdAt: 1_700_000_000,
    };
    expect(() => rowAs(fullFeedback, feedback, 'feedback')).toThrow(/feedback.*\btype: .*attachments\.0\.size: /);
  });
});
