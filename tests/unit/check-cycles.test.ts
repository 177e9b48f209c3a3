import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'cycles-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const check = (root: string) => spawnSync(process.execPath, ['scripts/check-cycles.mjs', root], { encoding: 'utf8' });

describe('npm run test:cycles', () => {
  it('fails on a circular import and names it', () => {
    writeFileSync(join(dir, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
    writeFileSync(join(dir, 'b.ts'), "import { a } from './a';\nexport const b = () => a;\n");
    const run = check(dir);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/1 circular import\(s\):\n .*b\.ts → .*a\.ts → .*b\.ts/);
  });

  it('lets a type-only import back pass: it is gone at run time', () => {
    const typed = mkdtempSync(join(dir, 'typed-'));
    writeFileSync(join(typed, 'a.ts'), "import { b } from './b';\nexport interface A { n: number }\nexport const a = () => b;\n");
    writeFileSync(join(typed, 'b.ts'), "import type { A } from './a';\nexport const b = (x: A) => x.n;\n");
    expect(check(typed).status).toBe(0);
  });
});
