/**
 * Unbounded fields: a request could once make the server store a string of any length, up to
 * the 1 MB body. Every request schema the server parses must bound every string (a maximum length,
 * an exact length, a choice from a list, or a pattern whose length is bounded) and every array, so
 * no field it stores can grow beyond what it was made for. Walks the schemas themselves, so a field
 * added later without a bound fails here.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../src/shared/api/contract';
import { WIRE_FIELDS } from '../../src/shared/api/endpoint';
import { TRACK_BATCH } from '../../src/shared/track/batch';

type Schema = { type: string; pipe?: Array<{ type: string; requirement?: unknown }>; [key: string]: unknown };

// A pattern bounds the length when everything it matches is anchored and ends in a bounded repeat.
const boundedPattern = (pattern: RegExp) => /^\^/.test(pattern.source) && /\{\d+(,\d+)?\}\)?\$$/.test(pattern.source);

function hasBound(schema: Schema): boolean {
  return (schema.pipe ?? []).some(
    (action) =>
      ['max_length', 'length', 'max_bytes', 'bytes'].includes(action.type) ||
      (action.type === 'regex' && action.requirement instanceof RegExp && boundedPattern(action.requirement)),
  );
}

/** The paths of every string or array in `schema` without a bound. */
function unbounded(input: unknown, path: string, allowed: ReadonlySet<string>): string[] {
  const schema = input as Schema;
  if (allowed.has(path)) return [];
  switch (schema.type) {
    case 'string':
      return hasBound(schema) ? [] : [path];
    case 'array':
      return [...(hasBound(schema) ? [] : [`${path} (items)`]), ...unbounded(schema.item, `${path}[]`, allowed)];
    case 'object':
    case 'loose_object':
    case 'strict_object':
      return Object.entries(schema.entries as Record<string, Schema>).flatMap(([key, entry]) => unbounded(entry, path ? `${path}.${key}` : key, allowed));
    case 'optional':
    case 'nullable':
    case 'nullish':
    case 'exact_optional':
      return unbounded(schema.wrapped, path, allowed);
    case 'union':
    case 'variant':
      return (schema.options as unknown[]).flatMap((option) => unbounded(option, path, allowed));
    case 'picklist':
    case 'literal':
    case 'enum':
    case 'boolean':
    case 'number':
    case 'null':
      return [];
    default:
      return [`${path} (${schema.type})`];
  }
}

describe('request schemas', () => {
  it("bound every string and array of every endpoint's request", () => {
    const found = Object.entries(ENDPOINTS).flatMap(([name, endpoint]) => unbounded(endpoint.request, name, new Set()));
    expect(found).toEqual([]);
  });

  it('bound the wire fields every encrypted request carries', () => {
    expect(unbounded(WIRE_FIELDS, '', new Set())).toEqual([]);
  });

  it('bound a tracking batch (its props by their own walk: src/shared/track/rules.ts)', () => {
    expect(unbounded(TRACK_BATCH, '', new Set(['events[].props']))).toEqual([]);
  });

  it('would notice a field without a bound', () => {
    const loose = v.object({ name: v.string(), tags: v.array(v.pipe(v.string(), v.maxLength(8))), code: v.pipe(v.string(), v.regex(/^[A-Z]+$/)) });
    expect(unbounded(loose, 'x', new Set())).toEqual(['x.name', 'x.tags (items)', 'x.code']);
  });
});
