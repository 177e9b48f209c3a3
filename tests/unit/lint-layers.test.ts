/**
 * `npm run test:lint` marks an import across a layer at its line (eslint.config.js LAYERS, as
 * `no-restricted-imports`). Flat config keeps only the last setting of a rule for a file, so a later
 * setting could drop a layer without a word: each layer is linted here under a file name of its own.
 */
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });
// The first lint loads the config and its plugins (seconds on a busy machine): not inside a test's 5 s.
beforeAll(() => eslint.calculateConfigForFile('src/islands/vip/X.tsx'), 60_000);

/** The layer rule's findings for one import written in a file at `filePath`. */
async function refused(specifier: string, filePath: string): Promise<string[]> {
  const code = `import { x } from '${specifier}';\n\nconst y = x;\n`;
  // A component's imports are in its frontmatter.
  const [result] = await eslint.lintText(filePath.endsWith('.astro') ? `---\n${code}---\n<p>{y}</p>\n` : `${code}export { y };\n`, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports' || m.fatal).map((m) => m.message);
}

// [file, import, what the refusal says]: each is refused; the same file's allowed imports follow.
const REFUSED = [
  ['src/islands/vip/X.tsx', 'react', 'without preact/compat'],
  ['src/components/vip/X.astro', 'preact/compat', 'without preact/compat'],
  ['src/islands/vip/X.tsx', '../../lib/api', 'only models call the API'],
  ['src/islands/vip/parts/X.tsx', '../../../lib/bridge/calls/pay', 'only models call the API'],
  ['src/islands/vip/parts/X.tsx', '../../report/parts/ReportForm', "not another area's"],
  ['src/islands/forms/X.tsx', '../help/parts/FollowUp', "not another area's"],
  ['src/lib/x.ts', 'preact/hooks', 'no UI code'],
  ['src/lib/help/x.ts', '../../islands/ui/use-store', 'no UI code'],
  ['src/lib/x.ts', '../i18n', 'src/i18n sits above src/lib'],
  ['src/lib/help/x.ts', '../../i18n/glossary', 'src/i18n sits above src/lib'],
  ['src/shared/x.ts', '../lib/format', 'src/shared is what the client and the server both run'],
  ['src/shared/forms/x.ts', '../../../server/db', 'src/shared is what the client and the server both run'],
  ['server/api/x.ts', '../../src/islands/ui/Overlay', 'The server'],
  ['server/db/x.ts', '../api/vip', 'The data layer'],
  ['server/db/seed/x.ts', '../../api/vip', 'The data layer'],
] as const;

const ALLOWED = [
  ['src/islands/vip/X.tsx', '../ui/use-store'],
  ['src/islands/vip/parts/X.tsx', '../../forms/parts/Field'],
  ['src/islands/vip/X.tsx', '../../lib/vip/plans'],
  ['src/islands/help/X.tsx', '../../lib/help/guides'],
  ['src/lib/help/x.ts', '../i18n'],
  ['src/lib/x.ts', '../i18n/messages/en-US.json'],
  ['src/shared/forms/x.ts', '../limits'],
  ['server/api/x.ts', '../../src/shared/limits'],
  ['server/api/x.ts', '../db'],
  ['src/islands/vip/X.test.tsx', '../../lib/api'],
] as const;

describe('test:lint: the layers', () => {
  it.each(REFUSED)('in %s, refuses %s', async (file, specifier, why) => {
    const found = await refused(specifier, file);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(why);
  });

  it.each(ALLOWED)('in %s, allows %s', async (file, specifier) => {
    expect(await refused(specifier, file)).toEqual([]);
  });
});
