/**
 * Database rows as the contract's values. SQLite hands back `unknown` columns; a mapper converts them
 * plainly (String, Number, null) and then parses the result through the piece of the response schema
 * it becomes, instead of casting enum-like columns with `as`. The pipeline checks the whole answer
 * too, but only says "server"; this says which table and which field, and stops the lie at the row.
 */
import * as v from 'valibot';

/** A row as node:sqlite hands it back: its columns by name, values unchecked until a mapper reads them. */
export type Row = Record<string, unknown>;

/**
 * The value built from a row of `what` (a table, or a kind of row), checked against `schema`.
 * @throws Error naming `what` and each failing field's path, with valibot's message (which quotes the
 * value received): a bad row in the database is our bug, answered as a server error and logged.
 * @example const order = rowAs(coinOrder, { ...fields, state: row.state }, 'coin_orders')
 */
export function rowAs<S extends v.GenericSchema>(schema: S, value: unknown, what: string): v.InferOutput<S> {
  const result = v.safeParse(schema, value);
  if (result.success) return result.output;
  const fields = result.issues.map((issue) => `${v.getDotPath(issue) ?? 'value'}: ${issue.message}`);
  throw new Error(`A row of ${what} does not fit the contract: ${fields.join('; ')}`);
}
