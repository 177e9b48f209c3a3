/**
 * The field contract as JSON Schema (draft-07), generated from the schema the server checks batches
 * with (./contract.ts), never written by hand: docs/field-batch.schema.json is a copy the tests hold
 * to it. For whoever feeds the events into another pipeline, or writes another reporter.
 */
import { toJsonSchema } from '@valibot/to-json-schema';
import { FIELD_BATCH, FIELD_EVENT, NOT_PERSONAL } from './contract';
import { PERSONAL_PATTERN } from './rules';

/**
 * The batch, with the events' schema under `$defs.FieldEvent`. The personal-data check, a
 * function in the contract, becomes `not: { pattern }` on each text it guards.
 * @example fieldBatchSchema().$defs.FieldEvent.oneOf.length // 5
 */
export function fieldBatchSchema() {
  const { $schema, ...batch } = toJsonSchema(FIELD_BATCH, {
    errorMode: 'throw',
    definitions: { FieldEvent: FIELD_EVENT },
    overrideAction: ({ valibotAction, jsonSchema }) =>
      valibotAction === NOT_PERSONAL ? { ...jsonSchema, not: { pattern: PERSONAL_PATTERN.source } } : undefined,
  });
  return {
    $schema,
    title: 'A batch of POST /api/field',
    description: [
      'docs/field.md explains each field. The body of one POST /api/field, as UTF-8 JSON of at most 16 KB:',
      "the page view's context once, then 1 to 30 events. Every object is closed: an unknown key is refused.",
    ].join(' '),
    ...batch,
  };
}
