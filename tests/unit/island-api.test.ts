// The islands are Preact, without its React compatibility layer (preact/compat: 1.2 KB gzip of every
// page's first load, and a build step that rewrote it; docs/models.md, "Runtime"). They keep React's
// spelling of attributes (className, htmlFor, autoComplete), which Preact accepts, so one spelling is
// used throughout; what compat translated and Preact alone does not is refused here, because it would
// compile and then behave differently: `onChange` on a text field (Preact fires it when the field is
// left, React on every key: use `onInput`), `onDoubleClick` (Preact knows `onDblClick`). An import of
// `react` or of compat itself fails `npm run test:lint` (no-restricted-imports, eslint.config.js).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ISLANDS = 'src/islands';
const files = (readdirSync(ISLANDS, { recursive: true }) as string[]).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f)).map((f) => join(ISLANDS, f));

// HTML spellings where the islands use React's (className, htmlFor, autoComplete, …), as JSX attributes.
const HTML_ATTRIBUTE =
  /(?<=<[\w.]+\b[^<>]*\s)(class|for|autocomplete|autofocus|autocapitalize|datetime|maxlength|minlength|readonly|spellcheck|tabindex|inputmode|enterkeyhint|srcset|crossorigin)(?==)/g;
// An <input> that is not a checkbox or radio, or a <textarea>, with onChange: a React habit Preact reads as "on commit".
const TEXT_ON_CHANGE = /<(?:textarea|input(?![^<>]*type="(?:checkbox|radio)"))\b[^<>]*\sonChange=/g;
const DOUBLE_CLICK = /\sonDoubleClick=/g;

/** What in one file only preact/compat would have made work as written, imports aside. */
function compatisms(source: string): string[] {
  return [...source.matchAll(HTML_ATTRIBUTE), ...source.matchAll(TEXT_ON_CHANGE), ...source.matchAll(DOUBLE_CLICK)].map(
    (m) => m[1] ?? m[0].trim().split(/\s/)[0]!,
  );
}

describe('islands use Preact, spelled one way', () => {
  it('finds HTML spellings and React-only events (self-test)', () => {
    expect(
      compatisms(`<label class="x" for="y" maxlength={3}>\n<input type="text" onChange={f} />\n<textarea onChange={f} />\n<b onDoubleClick={f} />`),
    ).toEqual(['class', 'for', 'maxlength', '<input', '<textarea', 'onDoubleClick=']);
    expect(
      compatisms(
        `import { useState } from 'preact/hooks';\n<label className="x" htmlFor="y">{a.for}</label>\n<input type="radio" onChange={f} />\n<input type="checkbox" checked onChange={f} />\n<input onInput={f} />`,
      ),
    ).toEqual([]);
  });

  it.each(files)('%s', (file) => {
    expect(compatisms(readFileSync(file, 'utf8'))).toEqual([]);
  });
});
