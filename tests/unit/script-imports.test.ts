// The runners and the build's steps are plain .mjs or run by Node's type stripping, and tsc does not
// check that a .mjs file's imports exist (allowJs without checkJs): a module moved without its
// importers followed (scripts/lib/in-app.mjs when the engines' targets moved to build/) surfaced only
// when the end-to-end setup failed to load. Every relative import in them resolves to a file.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const FILES = [
  ...(readdirSync('scripts', { recursive: true }) as string[]).filter((f) => /\.m?js$/.test(f)).map((f) => join('scripts', f)),
  ...(readdirSync('build') as string[]).filter((f) => /\.ts$/.test(f)).map((f) => join('build', f)),
  'astro.config.mjs',
  'eslint.config.js',
];

/** The relative imports of a source that do not name a file. */
function unresolved(file: string, source: string, exists: (path: string) => boolean = existsSync): string[] {
  return ts
    .preProcessFile(source, true, true)
    .importedFiles.map((f) => f.fileName)
    .filter((name) => name.startsWith('.'))
    .filter((name) => !['', '.ts', '.mjs', '.js', '.json', '/index.ts'].some((ext) => exists(join(dirname(file), name + ext))));
}

describe('the runners’ and build steps’ imports', () => {
  it('finds an import of a file that is not there (self-test)', () => {
    const exists = (path: string) => path === 'scripts/lib/here.mjs';
    expect(unresolved('scripts/lib/a.mjs', "import { x } from './here.mjs';\nimport { y } from './engines.mjs';\nawait import('./gone.js');", exists)).toEqual([
      './engines.mjs',
      './gone.js',
    ]);
  });

  it.each(FILES)('%s', (file) => {
    expect(unresolved(file, readFileSync(file, 'utf8'))).toEqual([]);
  });
});
