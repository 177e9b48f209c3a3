/**
 * The published contract (/bridge-contract.json, docs/bridge-contract.json) says what the pages'
 * own schemas say: every answer the fake host gives passes both, and every deviation the pages refuse
 * is refused by the JSON Schema too, as a host team's validator would see it (ajv, draft-07).
 */
import { Ajv } from 'ajv';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { installFakeHost } from '../../../server/fake-host';
import { COMMANDS } from '../../shared/bridge/commands';
import { HANDLERS, QUERIES, type QueryMethod } from '../../shared/bridge/contract';
import { bridgeContractSchema } from './json-schema';

const contract = bridgeContractSchema();
const ajv = new Ajv({ strict: false });
ajv.addSchema(contract, 'contract');
const validates = (definition: string, value: unknown) => ajv.validate({ $ref: `contract#/definitions/${definition}` }, value);
const pascal = (name: string) => name[0]!.toUpperCase() + name.slice(1);

/** What the fake host answers each query, as JSON values. */
function fakeAnswers(): Record<string, unknown> {
  const win = { sessionStorage: undefined } as unknown as Window & { NativeBridge: Record<string, (json?: string) => string> };
  installFakeHost(win, { pageStates: { k: { a: 1 } } });
  const args: Partial<Record<QueryMethod, unknown>> = { getPayMethod: { productId: 'vip_month' }, getSonglistInfo: { id: 1 }, restorePageState: { key: 'k' } };
  return Object.fromEntries(
    (Object.keys(QUERIES) as QueryMethod[]).map((method) => {
      const raw = win.NativeBridge[method]!(args[method] === undefined ? undefined : JSON.stringify(args[method]));
      return [method, raw === '' ? QUERIES[method].fallback : JSON.parse(raw)];
    }),
  );
}

describe('the bridge contract as JSON Schema', () => {
  it('is the file docs/ keeps (run `vitest -u` after a change to the schemas, and commit it)', async () => {
    await expect(`${JSON.stringify(contract, null, 2)}\n`).toMatchFileSnapshot('../../../docs/bridge-contract.json');
  });

  it('is a valid draft-07 schema that names every query, command and handler', () => {
    expect(ajv.validateSchema(contract)).toBe(true);
    const calls = contract['x-bridge'];
    expect(Object.keys(calls.queries).sort()).toEqual(Object.keys(QUERIES).sort());
    expect(Object.keys(calls.commands).sort()).toEqual(Object.keys(COMMANDS).sort());
    expect(Object.keys(calls.handlers).sort()).toEqual(Object.keys(HANDLERS).sort());
  });

  it.each(Object.entries(fakeAnswers()))('accepts what the fake host answers to %s, as the pages do', (method, answer) => {
    expect(v.is(QUERIES[method as QueryMethod].result, answer)).toBe(true);
    expect(validates(`${pascal(method)}Answer`, answer)).toBe(true);
  });

  it('accepts every fallback', () => {
    for (const [method, spec] of Object.entries(QUERIES)) expect(validates(`${pascal(method)}Answer`, spec.fallback), method).toBe(true);
  });

  // What a deviant host sends, refused alike by the pages' schema and the published one.
  const refused: Array<[string, v.GenericSchema, unknown]> = [
    ['AccountInfoAnswer', QUERIES.accountInfo.result, { isLogin: 'yes' }],
    ['AccountInfoAnswer', QUERIES.accountInfo.result, { isLogin: true, vip: { is_vip: 2, valid_time: 1 } }],
    ['GetKCoinsAnswer', QUERIES.getKCoins.result, {}],
    ['DarkAnswer', QUERIES.dark.result, { dark: 1, bgColor: 'red' }],
    ['GetPayMethodAnswer', QUERIES.getPayMethod.result, [{ id: true, name: 'Card' }]],
    ['OnPayCallbackPayload', HANDLERS.onPayCallback.payload, { status: 'paid', orderId: 'o1' }],
    ['UploadFileCallbackPayload', HANDLERS.uploadFileCallback.payload, { id: 'f', status: 'progress', progress: '40' }],
    ['LaunchHTDialogCallbackPayload', HANDLERS.launchHTDialogCallback.payload, { index: 0.5 }],
    ['StartPayWebArgument', COMMANDS.startPayWeb.arg, { orderId: 'o1', productId: 'p', payType: 1 }],
    ['AcquirePictureArgument', COMMANDS.acquirePicture.arg, { max: 6 }],
  ];
  it.each(refused)('refuses in %s what the pages refuse: %#', (definition, schema, value) => {
    expect(v.is(schema, value)).toBe(false);
    expect(validates(definition, value)).toBe(false);
  });

  it('accepts a hex colour in either case, as the pages do', () => {
    for (const bgColor of ['171717', 'FFFFFF', '#aBc123']) {
      expect(v.is(QUERIES.dark.result, { dark: 0, bgColor })).toBe(true);
      expect(validates('DarkAnswer', { dark: 0, bgColor })).toBe(true);
    }
  });
});
