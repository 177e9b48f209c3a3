import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
    expect(run.stderr).toMatch(/1 circular import\(s\):\n .*(a\.ts → .*b\.ts → .*a|b\.ts → .*a\.ts → .*b)\.ts/);
  });

  // Three type-only circles once passed (server/db/index ↔ seed ↔ membership, the seal and
  // its library fallback, the coins pair). Gone at run time, they still tie two modules into one.
  it('fails on a cycle made of a type-only import too; an import named only in a comment is none', () => {
    const typed = mkdtempSync(join(dir, 'typed-'));
    writeFileSync(join(typed, 'a.ts'), "import { b } from './b';\nexport interface A { n: number }\nexport const a = () => b;\n");
    writeFileSync(join(typed, 'b.ts'), "import type { A } from './a';\nexport const b = (x: A) => x.n;\n");
    const run = check(typed);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/1 circular import\(s\):\n .*(a\.ts → .*b\.ts → .*a|b\.ts → .*a\.ts → .*b)\.ts/);
    const shared = mkdtempSync(join(dir, 'shared-'));
    writeFileSync(join(shared, 'types.ts'), 'export interface A { n: number }\n');
    writeFileSync(join(shared, 'a.ts'), "import { b } from './b';\nimport type { A } from './types';\nexport const a = (x: A) => b(x);\n");
    writeFileSync(join(shared, 'b.ts'), "import type { A } from './types';\n/** @example import('./a').then((m) => m.a) */\nexport const b = (x: A) => x.n;\n");
    expect(check(shared).status).toBe(0);
  });

  it('fails on an island that imports the API or the bridge, even for a type, and on the data layer importing the API', () => {
    const app = mkdtempSync(join(dir, 'layers-'));
    for (const folder of ['src/islands/vip', 'src/lib/api', 'src/lib/bridge', 'server/db', 'server/api']) mkdirSync(join(app, folder), { recursive: true });
    writeFileSync(join(app, 'src/lib/api/index.ts'), 'export interface Plan { id: string }\nexport const request = () => 1;\n');
    writeFileSync(join(app, 'src/lib/bridge/index.ts'), 'export const query = () => 1;\n');
    writeFileSync(join(app, 'src/islands/vip/Plans.tsx'), "import type { Plan } from '../../lib/api';\nexport const plans = (p: Plan) => p.id;\n");
    writeFileSync(join(app, 'src/islands/vip/Pay.tsx'), "export const pay = () => import('../../lib/bridge').then((b) => b.query());\n");
    writeFileSync(join(app, 'server/api/vip.ts'), 'export const grant = () => 1;\n');
    writeFileSync(join(app, 'server/db/seed.ts'), "import { grant } from '../api/vip';\nexport const seed = () => grant();\n");
    const run = check(app);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/3 import\(s\) across a layer:/);
    expect(run.stderr).toMatch(/Plans\.tsx imports \.\.\/\.\.\/lib\/api: islands render area models/);
    expect(run.stderr).toMatch(/Pay\.tsx imports \.\.\/\.\.\/lib\/bridge/);
    expect(run.stderr).toMatch(/seed\.ts imports \.\.\/api\/vip: the data layer sits below the API/);
  });

  // Once, 23 files of src/lib imported src/i18n (for the MessageKey type), which imports src/lib.
  it('fails on src/lib importing src/i18n, and tells it from src/lib/i18n.ts by where the path leads', () => {
    const app = mkdtempSync(join(dir, 'i18n-'));
    for (const folder of ['src/lib/help', 'src/i18n']) mkdirSync(join(app, folder), { recursive: true });
    writeFileSync(join(app, 'src/i18n/index.ts'), 'export type MessageKey = string;\n');
    writeFileSync(join(app, 'src/lib/i18n.ts'), 'export const text = (key: string) => key;\n');
    writeFileSync(join(app, 'src/lib/help/faq.ts'), "import { text } from '../i18n';\nexport const title = () => text('help.title');\n");
    const fine = check(app);
    expect([fine.status, fine.stderr]).toEqual([0, '']);
    writeFileSync(join(app, 'src/lib/form.ts'), "import type { MessageKey } from '../i18n';\nexport const key: MessageKey = 'form.sent';\n");
    const run = check(app);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/form\.ts imports \.\.\/i18n: src\/i18n reads the message files/);
  });

  // Issue 43: the server imported 29 modules from 11 folders of src/lib, and nothing said which edits
  // changed the server. What both run is src/shared; it stands on nothing else of the project.
  it('fails on src/shared importing anything else of the project, and on the server importing src/ outside src/shared', () => {
    const app = mkdtempSync(join(dir, 'shared-floor-'));
    for (const folder of ['src/shared/forms', 'src/shared/api', 'src/shared/messages', 'src/lib/forms', 'src/islands/vip', 'server/api', 'server/db']) {
      mkdirSync(join(app, folder), { recursive: true });
    }
    writeFileSync(join(app, 'src/shared/messages/en-US.json'), '{ "error": { "notLoggedIn": "Sign in" } }\n');
    writeFileSync(join(app, 'src/shared/forms/rules.ts'), 'export const checkText = (text: string) => text.length > 0;\n');
    writeFileSync(join(app, 'src/shared/api/contract.ts'), "import { checkText } from '../forms/rules';\nexport const ENDPOINTS = { checkText };\n");
    writeFileSync(
      join(app, 'src/lib/forms/upload.ts'),
      "import { checkText } from '../../shared/forms/rules';\nexport const picked = (name: string) => checkText(name);\n",
    );
    writeFileSync(join(app, 'server/db/index.ts'), 'export const openDb = () => 1;\n');
    writeFileSync(
      join(app, 'server/api/report.ts'),
      "import { ENDPOINTS } from '../../src/shared/api/contract';\nimport en from '../../src/shared/messages/en-US.json';\nimport { openDb } from '../db';\nexport const report = () => [ENDPOINTS, en, openDb()];\n",
    );
    const fine = check(app);
    expect([fine.status, fine.stderr]).toEqual([0, '']);

    writeFileSync(join(app, 'src/shared/forms/contact.ts'), "import type { picked } from '../../lib/forms/upload';\nexport type Picked = typeof picked;\n");
    writeFileSync(join(app, 'src/shared/api/seed.ts'), "export const seed = () => import('../../../server/db').then((db) => db.openDb());\n");
    writeFileSync(
      join(app, 'server/api/upload.ts'),
      "import { picked } from '../../src/lib/forms/upload';\nexport const upload = (name: string) => picked(name);\n",
    );
    writeFileSync(
      join(app, 'src/islands/vip/Plans.tsx'),
      "import type { ENDPOINTS } from '../../shared/api/contract';\nexport const plans = (e: typeof ENDPOINTS) => e;\n",
    );
    const run = check(app);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/4 import\(s\) across a layer:/);
    expect(run.stderr).toMatch(/contact\.ts imports \.\.\/\.\.\/lib\/forms\/upload: src\/shared is the floor/);
    expect(run.stderr).toMatch(/seed\.ts imports \.\.\/\.\.\/\.\.\/server\/db: src\/shared is the floor/);
    expect(run.stderr).toMatch(/upload\.ts imports \.\.\/\.\.\/src\/lib\/forms\/upload: the server imports only src\/shared of src\//);
    expect(run.stderr).toMatch(/Plans\.tsx imports \.\.\/\.\.\/shared\/api\/contract: islands render area models/);
  });
});
