/**
 * The end-to-end tests name the product's words by key, never paste them, so a translator's edit
 * cannot break them: every string literal in tests/e2e/*.spec.ts and tests/engines/*.ts that is a
 * message of any locale (12 characters or more, as written or without its closing punctuation) is
 * reported with its file, line and key, to be written `t(locale, key)` (tests/fixtures/text.ts).
 * Shorter texts are left alone: a name such as "VIP" or a word such as "OK" is a message and a
 * test's own data at once.
 */
import { readdirSync, readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../src/shared/locale';
import { messages } from '../fixtures/text';

const MIN = 12;
// Latin and CJK closing punctuation, and the ellipsis in both spellings.
const trimEnd = (text: string) => text.replace(/[\s.:;,!?…。：；，！？、]+$/u, '');

/** Each message text of MIN characters or more, and the same without its closing punctuation → its keys. */
const known = new Map<string, Set<string>>();
for (const locale of LOCALES) {
  for (const [key, text] of messages(locale)) {
    if (text.length < MIN) continue;
    for (const form of new Set([text, trimEnd(text)])) {
      if (!form) continue;
      if (!known.has(form)) known.set(form, new Set());
      known.get(form)!.add(`${locale} ${key}`);
    }
  }
}

const files = [
  ...readdirSync('tests/e2e')
    .filter((f) => f.endsWith('.spec.ts'))
    .map((f) => `tests/e2e/${f}`),
  ...readdirSync('tests/engines')
    .filter((f) => f.endsWith('.ts'))
    .map((f) => `tests/engines/${f}`),
];

/** The string literals of a source (quoted, and templates without `${}`), each with its line. */
function literals(file: string, text: string): { line: number; text: string }[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: { line: number; text: string }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      found.push({ line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, text: node.text });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * Every literal of a file that is a message text, as `file:line key (locales)`, its keys joined by `|`.
 * @example pasted('a.spec.ts', "toHaveText('Choose a reason.')") // ['a.spec.ts:1 form.reasonRequired (en-US)']
 */
function pasted(file: string, source = readFileSync(file, 'utf8')): string[] {
  return literals(file, source).flatMap(({ line, text }) => {
    const keys = known.get(text);
    if (!keys) return [];
    const byKey = new Map<string, string[]>();
    for (const entry of keys) {
      const [locale = '', key = ''] = entry.split(' ');
      byKey.set(key, [...(byKey.get(key) ?? []), locale]);
    }
    return [`${file}:${line} ${[...byKey].map(([key, locales]) => `${key} (${locales.join(', ')})`).join(' | ')}`];
  });
}

describe('end-to-end tests', () => {
  it('read the product’s words by key (tests/fixtures/text.ts), never paste them', () => {
    expect(files.length).toBeGreaterThan(0);
    expect(files.flatMap((file) => pasted(file))).toEqual([]);
  });

  it('are checked by a guard that knows a pasted message, in any locale and quoting, and nothing else', () => {
    const source = [
      "await expect(error).toHaveText('Choose a reason.');",
      'await expect(state).toHaveText(`คุณยังไม่ได้เป็นสมาชิก VIP`);',
      'await page.getByLabel("Describe the problem").fill(\'Describe the problem of the day\');',
      "await expect(note).toHaveText('Choose a reason');",
      "await expect(badge).toHaveText('VIP');",
      "await expect(sent).toHaveText(t('en-US', 'report.sentBody'));",
    ].join('\n');
    expect(pasted('sample.spec.ts', source)).toEqual([
      'sample.spec.ts:1 form.reasonRequired (en-US)',
      'sample.spec.ts:2 vip.notMember (th-TH)',
      // "Describe the problem" is a label, and form.descriptionRequired without its full stop.
      'sample.spec.ts:3 form.descriptionRequired (en-US) | help.descriptionLabel (en-US)',
      'sample.spec.ts:4 form.reasonRequired (en-US)',
    ]);
  });
});
