/**
 * The bridge contract as JSON Schema (draft-07), generated from the schemas the pages parse the host
 * with (contract.ts, commands.ts), never written by hand: the build publishes it as
 * /bridge-contract.json and docs/bridge-contract.json keeps a copy the tests hold to it. The host
 * team validates what their bridge sends against it and generates their types from `definitions`.
 */
/* eslint-disable compat/compat -- build time only: the /bridge-contract.json endpoint and the tests run this in Node; no page imports it */
import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { COMMANDS } from '../../shared/bridge/commands';
import { HANDLERS, QUERIES } from '../../shared/bridge/contract';

type Schema = Record<string, unknown>;

/**
 * A schema's JSON Schema, without its own `$schema` (the document has one). A transform (a 0|1 flag
 * read as a boolean) is described by what it accepts, which is what the host sends.
 */
function jsonSchema(schema: v.GenericSchema): Schema {
  const { $schema: _, ...rest } = toJsonSchema(schema, { errorMode: 'ignore' }) as Schema;
  return rest;
}

const ref = (name: string) => ({ $ref: `#/definitions/${name}` });
const pascal = (name: string) => name[0]!.toUpperCase() + name.slice(1);

/**
 * The whole contract: every query's argument and answer, every command's argument and the handlers
 * that answer it, every handler's payload, as definitions, and `x-bridge` naming which is which.
 * @example bridgeContractSchema().definitions.GetKCoinsAnswer // { type: 'object', properties: { balance: … } }
 */
export function bridgeContractSchema() {
  const definitions: Record<string, Schema> = {};
  const define = (name: string, schema: v.GenericSchema) => {
    definitions[name] = jsonSchema(schema);
    return ref(name);
  };
  const queries = Object.fromEntries(
    Object.entries(QUERIES).map(([method, spec]) => [
      method,
      {
        argument: spec.arg ? define(`${pascal(method)}Argument`, spec.arg) : null,
        answer: define(`${pascal(method)}Answer`, spec.result),
        fallback: spec.fallback,
      },
    ]),
  );
  const commands = Object.fromEntries(
    Object.entries(COMMANDS).map(([method, spec]) => [
      method,
      {
        argument: spec.arg.type === 'undefined' ? null : define(`${pascal(method)}Argument`, spec.arg),
        // Navigation commands may be called with no argument as well as with `{id}`.
        argumentOptional: spec.arg.type === 'optional',
        replies: spec.replies,
      },
    ]),
  );
  const handlers = Object.fromEntries(
    Object.entries(HANDLERS).map(([name, { payload }]) => [name, { payload: payload ? define(`${pascal(name)}Payload`, payload) : null }]),
  );
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'NativeBridge: the contract between the web pages and the host app',
    description: [
      'docs/bridge.md explains each call. A method takes no argument or one JSON string (`argument`).',
      'A query returns a string synchronously: JSON whose value is `answer` (a yes/no query returns "true" or "false"), or "" for nothing, which the pages read as `fallback`.',
      "A command returns nothing; where it has an outcome the host later calls window.<handler>(json) once, after the command has returned, with one JSON string whose value is that handler's `payload`.",
      'A handler with a null payload is called with no argument.',
    ].join(' '),
    'x-bridge': { queries, commands, handlers },
    definitions,
  };
}
