/**
 * build/retrying-imports.ts: every dynamic import of a sibling chunk goes through `__importAgain`
 * (src/lib/model/import-again.ts), which loads a chunk that failed once under a fresh URL. The rewrite
 * reads Rolldown's output text (docs/upgrading.md, "Retrying imports"): these are the forms it writes.
 */
import { describe, expect, it } from 'vitest';
import { retrying } from '../../build/retrying-imports.ts';

describe('retrying', () => {
  it('rewrites an import of a sibling chunk in each quote Rolldown may write', () => {
    expect(retrying('const a=()=>import("./seal.x1.js");')).toBe('const a=()=>__importAgain("./seal.x1.js",import.meta.url);');
    expect(retrying("const a=()=>import('./seal.x1.js');")).toBe("const a=()=>__importAgain('./seal.x1.js',import.meta.url);");
    expect(retrying('const a=()=>import(`./seal.x1.js`);')).toBe('const a=()=>__importAgain(`./seal.x1.js`,import.meta.url);');
  });

  it('rewrites every import of a chunk, not only the first', () => {
    const out = retrying('const a=()=>import("./a.x1.js"),b=()=>import("./b.x2.js");');
    expect(out).not.toContain('import("');
    expect(out.match(/__importAgain\(/g)).toHaveLength(2);
  });

  it('leaves static imports, import.meta and imports of anything but a sibling as they are', () => {
    const code = 'import{t}from"./core.x1.js";const u=import.meta.url;const p=()=>import("https://x.example/a.js");const q=()=>import(name);';
    expect(retrying(code)).toBe(code);
  });
});
