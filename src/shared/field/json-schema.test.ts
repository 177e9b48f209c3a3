/**
 * The published schema (docs/field-batch.schema.json) says what the server's contract says: a batch
 * the server stores passes it, and each batch the server refuses is refused by it too, as another
 * pipeline's validator would see it (ajv, draft-07), the personal-data check included.
 */
import { Ajv } from 'ajv';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { FIELD_BATCH } from './contract';
import { fieldBatchSchema } from './json-schema';

const schema = fieldBatchSchema();
const ajv = new Ajv({ strict: false });
const validate = ajv.compile(schema);

const batch = {
  view: 'q3ZpX0aB9c_d-EfG',
  route: '',
  locale: 'en-US',
  engine: { name: 'chromium', major: 120 },
  app: null,
  inApp: false,
  events: [
    { kind: 'error', message: 'x is not a function', source: 'https://cdn.example.com/_astro/core.abc.js', line: 3, col: 14, rejection: false },
    { kind: 'chunk', chunk: '/_astro/Plans.abc.js', recovered: false },
    { kind: 'bridge', method: 'getKCoins', rule: 'balance: Invalid type' },
    { kind: 'api', endpoint: '/api/coins/balance', code: 'badRequest', status: 422 },
    { kind: 'timing', name: 'CLS', value: 0.12 },
    { kind: 'timing', name: 'INP', value: 180 },
  ],
};
const withEvent = (event: object) => ({ ...batch, events: [event] });

describe('the field batch as JSON Schema', () => {
  it('is the file docs/ keeps (run `vitest -u` after a change to the contract, and commit it)', async () => {
    await expect(`${JSON.stringify(schema, null, 2)}\n`).toMatchFileSnapshot('../../../docs/field-batch.schema.json');
  });

  it('is a valid draft-07 schema, and accepts what the contract accepts', () => {
    expect(ajv.validateSchema(schema)).toBe(true);
    expect(v.is(FIELD_BATCH, batch)).toBe(true);
    expect(validate(batch), JSON.stringify(validate.errors)).toBe(true);
  });

  it.each<[string, object]>([
    ['an e-mail address in a message', withEvent({ ...batch.events[0], message: 'no user me@example.com' })],
    ['a run of 8 digits in a rule', withEvent({ ...batch.events[2], rule: 'uid 10012345' })],
    ['a query in a source', withEvent({ ...batch.events[0], source: '/vip-center?app_sessionid=x' })],
    ['a CLS over 100', withEvent({ kind: 'timing', name: 'CLS', value: 100.5 })],
    ['an unknown key', withEvent({ ...batch.events[1], url: '/x' })],
    ['31 events', { ...batch, events: Array.from({ length: 31 }, () => batch.events[5]) }],
    ['a route the site does not have', { ...batch, route: 'admin' }],
    ['a fractional status', withEvent({ ...batch.events[3], status: 404.5 })],
  ])('refuses %s, as the contract does', (_, refused) => {
    expect(v.is(FIELD_BATCH, refused)).toBe(false);
    expect(validate(refused)).toBe(false);
  });
});
