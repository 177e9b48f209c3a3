/**
 * The typed contract, the fake host and docs/bridge.md name the same methods and fallbacks, so the
 * document the host app's team reads cannot drift from what the pages do.
 */
import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { installFakeHost } from '../../../server/fake-host';
import * as app from './calls/app';
import * as coins from './calls/coins';
import * as forms from './calls/forms';
import * as music from './calls/music';
import * as payMethods from './calls/pay-methods';
import * as pay from './calls/pay';
import * as personal from './calls/personal';
import * as player from './calls/player';
import * as report from './calls/report';
import { HANDLERS, QUERIES, type QueryMethod } from './contract';

const doc = readFileSync('docs/bridge.md', 'utf8');

/** The rows of the first table under a `## heading`, as arrays of trimmed cells. */
function table(heading: string): string[][] {
  const section = doc.split(/^## /m).find((s) => s.startsWith(heading)) ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|[-| ]+\|$/.test(line))
    .slice(1)
    .map((line) =>
      line
        .replace(/\\\|/g, '/')
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
}

/** `{dark:0}`, `[]`, `"false"`, `""` as the document writes a fallback, read as the value a page gets. */
function docFallback(cell: string): unknown {
  const json: unknown = JSON.parse(cell.replace(/`/g, '').replace(/(\w+):/g, '"$1":'));
  return json === 'true' || json === 'false' ? json === 'true' : json;
}

const queryRows = table('Queries');
const commandRows = table('Commands');
const eventRows = table('Host events');
const sorted = (names: Iterable<string>) => [...names].sort();

describe('bridge contract', () => {
  it('types exactly the queries docs/bridge.md lists', () => {
    expect(sorted(queryRows.map(([method]) => method!))).toEqual(sorted(Object.keys(QUERIES)));
  });

  it.each(queryRows)('gives %s the fallback the document names', (method, _arg, _returns, fallback) => {
    expect(QUERIES[method as QueryMethod].fallback).toEqual(docFallback(fallback!));
  });

  it.each(Object.keys(QUERIES) as QueryMethod[])('has a %s fallback that passes its own result schema', (method) => {
    const { result, fallback } = QUERIES[method];
    expect(v.is(result, fallback)).toBe(true);
  });

  it('types exactly the handlers the document names, in commands and host events', () => {
    const named = new Set([...commandRows.flatMap(([, , answeredBy]) => answeredBy!.match(/\b\w+Callback\b/g) ?? []), ...eventRows.map(([name]) => name!)]);
    expect(sorted(named)).toEqual(sorted(Object.keys(HANDLERS)));
  });

  it('names each query and handler as its key, and maps every one the areas declare', () => {
    for (const [key, spec] of Object.entries(QUERIES)) expect(spec.method).toBe(key);
    for (const [key, spec] of Object.entries(HANDLERS)) expect(spec.name).toBe(key);
    const declared = [app, coins, forms, music, payMethods, pay, personal, player, report].flatMap((area) => Object.values(area));
    const specs = declared.filter(
      (value): value is { method: string } | { name: string } => typeof value === 'object' && value !== null && ('method' in value || 'payload' in value),
    );
    expect(specs).toHaveLength(Object.keys(QUERIES).length + Object.keys(HANDLERS).length);
    expect(new Set(specs)).toEqual(new Set([...Object.values(QUERIES), ...Object.values(HANDLERS)]));
  });

  it('has the fake host implement every query and command the document lists', () => {
    const win = {} as Window & { NativeBridge: Record<string, unknown> };
    installFakeHost(win);
    const commands = commandRows.flatMap(([methods]) => methods!.split(',').map((m) => m.trim()));
    expect(sorted(Object.keys(win.NativeBridge))).toEqual(sorted([...Object.keys(QUERIES), ...commands]));
  });
});
