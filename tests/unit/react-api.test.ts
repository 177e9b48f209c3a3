// The islands are React code (issue 18, item 4): they import `react`, which the build aliases to
// preact/compat, read stores through ./use-store (src/islands/ui, written with React's hooks), and spell
// attributes the React way, so they would run on React unchanged. Preact accepts `class` and `for`;
// React does not, so those are caught here.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ISLANDS = 'src/islands';
const files = (readdirSync(ISLANDS, { recursive: true }) as string[]).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f)).map((f) => join(ISLANDS, f));

const PREACT_IMPORT = /from '(preact(?:\/[\w-]+)?|@nanostores\/preact)'/g;
// HTML spellings React renames (className, htmlFor, autoComplete, …), as JSX attributes.
const HTML_ATTRIBUTE =
  /(?<=<[\w.]+\b[^<>]*\s)(class|for|autocomplete|autofocus|autocapitalize|datetime|maxlength|minlength|readonly|spellcheck|tabindex|inputmode|enterkeyhint|srcset|crossorigin)(?==)/g;

/** What in one file is Preact's API rather than React's. */
function preactisms(source: string): string[] {
  return [...source.matchAll(PREACT_IMPORT), ...source.matchAll(HTML_ATTRIBUTE)].map((m) => m[1] ?? m[0]);
}

describe('islands use the React API', () => {
  it('finds Preact imports and HTML attribute spellings (self-test)', () => {
    expect(preactisms(`import { useState } from 'preact/hooks';\n<label class="x" for="y" maxlength={3}>`)).toEqual([
      'preact/hooks',
      'class',
      'for',
      'maxlength',
    ]);
    expect(preactisms(`import { useState } from 'react';\n<label className="x" htmlFor="y">{a.for}</label>`)).toEqual([]);
  });

  it.each(files)('%s', (file) => {
    expect(preactisms(readFileSync(file, 'utf8'))).toEqual([]);
  });
});
