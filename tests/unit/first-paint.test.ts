// Issue 18, item 2: no script on the path to first paint. Every island hydrates once the page has
// painted (client:painted, src/components/shell/painted.ts), the one directive that also sends an
// engine below Chromium 98 to the legacy chunks (issue 26: so no client:only either); no page ships a
// module script of its own, which the browser would fetch while parsing. The e2e side
// (tests/e2e/pages.spec.ts) checks that no script is fetched before the first paint.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const files = ['src/pages', 'src/layouts', 'src/components']
  .flatMap((dir) => (readdirSync(dir, { recursive: true }) as string[]).map((f) => join(dir, f)))
  .filter((f) => f.endsWith('.astro'));

/** What in an .astro file would run script before first paint. */
function early(file: string): string[] {
  // The template only: the frontmatter is build-time code (and comments).
  const source = file.replace(/^---\n[\s\S]*?\n---\n/, '');
  const directives = [...source.matchAll(/client:(load|idle|visible|media|only)\b/g)].map((m) => m[0]);
  // A bundled <script> (not is:inline, not JSON data) becomes a module script fetched while parsing.
  const scripts = [...source.matchAll(/<script(?![^>]*\b(?:is:inline|type="application\/json"))[^>]*>/g)].map((m) => m[0]);
  return [...directives, ...scripts];
}

describe('nothing runs before first paint', () => {
  it('finds early directives and bundled scripts (self-test)', () => {
    expect(
      early(
        '---\n// <script> in a comment\n---\n<A client:load /><B client:painted /><C client:only="preact" /><script>x()</script><script is:inline set:html={s} />',
      ),
    ).toEqual(['client:load', 'client:only', '<script>']);
  });

  it.each(files)('%s', (file) => {
    expect(early(readFileSync(file, 'utf8'))).toEqual([]);
  });
});
