/**
 * The pages draw in the system's font: `font-family` names only generic families. A named family the
 * engine lacks is a lookup while it styles the first screen: the stack of seven names cost Chromium 64
 * about 85 ms of first paint on /k-recharge at 4× CPU (docs/performance.md, "Useful content"), and a
 * named 'Noto Sans CJK SC' drew Traditional Chinese in Simplified shapes wherever it is installed.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const GENERIC = new Set(['system-ui', 'sans-serif', 'serif', 'monospace', 'inherit']);
const files = (readdirSync('src', { recursive: true }) as string[]).filter((f) => /\.(css|astro|tsx)$/.test(f)).map((f) => join('src', f));

/** The families named by each `font-family` declaration in a source (CSS, a style block, or JSX's fontFamily). */
function namedFamilies(source: string): string[] {
  return [...source.matchAll(/font-?family\s*:\s*([^;}{]+)/gi)].flatMap((m) =>
    m[1]!
      .split(',')
      .map((family) => family.trim().replace(/^['"]|['"]$/g, ''))
      .filter((family) => family && !GENERIC.has(family.toLowerCase())),
  );
}

describe('the font stack', () => {
  it('finds named families (self-test)', () => {
    expect(namedFamilies("body { font-family: system-ui, 'Segoe UI', Roboto, sans-serif; }")).toEqual(['Segoe UI', 'Roboto']);
    expect(namedFamilies('body{font-family:system-ui,sans-serif}')).toEqual([]);
  });

  it.each(files)('%s names only generic families', (file) => {
    expect(namedFamilies(readFileSync(file, 'utf8'))).toEqual([]);
  });
});
