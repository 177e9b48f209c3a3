/**
 * `npm run test:lint` keeps runtime APIs past the support floor (package.json browserslist, issue 26)
 * out of browser code: eslint-plugin-compat for what it knows, eslint.config.js's PAST_FLOOR list for
 * what it cannot see (instance methods on receivers of unknown type). One ESLint instance, as the repo
 * configures it, linting text under file names in src/ (the WebView) and server/ (Node 24).
 */
import { createRequire } from 'node:module';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { FLOOR, PAST_FLOOR } from '../../eslint.config.js';

const eslint = new ESLint({ cwd: process.cwd() });

async function problems(code: string, filePath: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((m) => `${m.ruleId ?? 'fatal'}: ${m.message}`);
}

// A post-64 API each, in the ways code really uses them.
const PAST_64 = {
  'Array.prototype.at (92)': 'export const last = [1, 2].at(-1);',
  'Array.prototype.at on a variable (92)': 'export const last = (list: number[]) => list.at(-1);',
  'structuredClone (98)': 'export const copy = structuredClone({ a: 1 });',
  'Object.hasOwn (93)': "export const own = Object.hasOwn({}, 'a');",
  'String.prototype.replaceAll (85)': "export const b = 'a'.replaceAll('a', 'b');",
  'String.prototype.replaceAll on a variable (85)': "export const dashes = (text: string) => text.replaceAll(' ', '-');",
  'AbortSignal.timeout (124)': 'export const signal = AbortSignal.timeout(1);',
  'AbortController (66)': 'export const controller = new AbortController();',
  'Object.fromEntries (73)': 'export const object = Object.fromEntries([]);',
  'globalThis (71)': 'export const storage = globalThis.localStorage;',
  'a feature check is not a licence (66)': "export const controller = typeof AbortController === 'function' ? new AbortController() : undefined;",
};

// The same, in what Chromium 64 has (ES2017 and the DOM of its day).
const ES2017 = `
const list = [1, 2];
export const last = list[list.length - 1];
export const copy = JSON.parse(JSON.stringify({ a: 1 }));
export const own = Object.prototype.hasOwnProperty.call({}, 'a');
export const dashes = (text: string) => text.replace(/ /g, '-');
export const timer = setTimeout(() => undefined, 1);
export const object = [['a', 1] as const].reduce<Record<string, number>>((all, [key, value]) => ({ ...all, [key]: value }), {});
export const storage = typeof localStorage === 'undefined' ? null : localStorage;
export const observer = new ResizeObserver(() => undefined);
export const seen = new IntersectionObserver(() => undefined);
`;

describe('test:lint: no runtime API past the floor in browser code', () => {
  it('reads the floor from package.json: Chromium 64', () => {
    expect(FLOOR).toBe(64);
  });

  it.each(Object.entries(PAST_64))('fails on %s in src/', async (_name, code) => {
    const found = await problems(code, 'src/lib/x.ts');
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((p) => /^(compat\/compat|no-restricted-(syntax|properties|globals)):/.test(p))).toBe(true);
  });

  it('says which Chromium an API of its own list needs, and where the floor comes from', async () => {
    expect(await problems('export const last = (list: number[]) => list.at(-1);', 'src/islands/X.tsx')).toEqual([
      'no-restricted-syntax: Array.prototype.at / String.prototype.at needs Chromium 92; the floor is 64 (package.json browserslist). Use x[x.length - 1].',
    ]);
  });

  it('passes the same code in server/ (Node 24) and in tests', async () => {
    for (const code of Object.values(PAST_64)) {
      expect(await problems(code, 'server/x.ts')).toEqual([]);
      expect(await problems(code, 'src/lib/x.test.ts')).toEqual([]);
    }
  });

  it('passes the ES2017 equivalent in src/', async () => {
    expect(await problems(ES2017, 'src/lib/x.ts')).toEqual([]);
  });

  it('catches every entry of PAST_FLOOR', async () => {
    for (const entry of PAST_FLOOR) {
      const code = entry.example ?? (entry.method ? `x.${entry.method}()` : entry.object ? `${entry.object}.${entry.property}` : `${entry.global}`);
      const found = await problems(`${code};`, 'src/lib/x.ts');
      expect(
        found.filter((p) => p.includes(`${entry.api} needs Chromium ${entry.chromium}`)),
        code,
      ).toHaveLength(1);
    }
  });

  it("PAST_FLOOR's versions are MDN browser-compat-data's, for Android WebView", () => {
    // The copy eslint-plugin-compat installs, found from it whatever the hoisting.
    const fromPlugin = createRequire(createRequire(import.meta.url).resolve('eslint-plugin-compat'));
    const bcd = fromPlugin('@mdn/browser-compat-data') as Record<string, unknown>;
    for (const entry of PAST_FLOOR) {
      const feature = entry.bcd.split('.').reduce<Record<string, unknown> | undefined>((node, key) => node?.[key] as Record<string, unknown> | undefined, bcd);
      const support = (feature?.__compat as { support: Record<string, { version_added: string } | Array<{ version_added: string }>> } | undefined)?.support
        .webview_android;
      const added = Array.isArray(support) ? support[0]!.version_added : support?.version_added;
      expect({ api: entry.api, chromium: Number(added) }).toEqual({ api: entry.api, chromium: entry.chromium });
    }
  });
});
