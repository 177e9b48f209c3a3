import { readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { describe, expect, it, vi } from 'vitest';

const loaded = vi.hoisted(() => ({ seal: vi.fn(), libraries: vi.fn() }));
// The real modules, with a spy on the moment each is first evaluated.
vi.mock('./seal', async (importOriginal) => {
  loaded.seal();
  return importOriginal();
});
vi.mock('./crypto', async (importOriginal) => {
  loaded.libraries();
  return importOriginal();
});

/** Every module a file pulls in with static imports (type-only imports erased), bare ones as named. */
function staticImports(file: string, seen = new Set<string>()): Set<string> {
  const source = readFileSync(file, 'utf8');
  for (const [, kind, spec] of source.matchAll(/^(?:import|export)\s+(type\s+)?(?:[^'";]*?from\s+)?'([^']+)'/gm).map((m) => [m[0], m[1], m[2]!] as const)) {
    if (kind) continue;
    if (!spec.startsWith('.')) {
      seen.add(spec);
      continue;
    }
    const path = join(dirname(file), spec.endsWith('.ts') ? spec : `${spec}.ts`);
    if (!seen.has(path)) {
      seen.add(path);
      staticImports(path, seen);
    }
  }
  return seen;
}

describe('crypto loading', () => {
  it('loads the seal on the first sealed request, and with Web Crypto never the libraries', async () => {
    const { request } = await import('./index');
    const { health, session } = await import('../../shared/api/endpoints/platform');
    expect(loaded.seal).not.toHaveBeenCalled();

    vi.stubEnv('PUBLIC_RSA_KEY', readFileSync('tests/fixtures/keys/public.pem', 'utf8'));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => Response.json({ code: 0, data: url.endsWith('/api/health') ? { ok: true } : { uid: 'u1', loginAt: 1 } })),
    );
    // A public endpoint goes unsealed: no seal chunk for it.
    await request(health, {});
    expect(loaded.seal).not.toHaveBeenCalled();
    await request(session, {});
    await request(session, {});
    expect(loaded.seal).toHaveBeenCalledOnce();
    expect(loaded.libraries).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
  });

  it('keeps the seal, crypto-js, jsencrypt and node:crypto out of the static imports of index.ts', () => {
    const graph = [...staticImports('src/lib/api/index.ts')];
    expect(graph).toContain('valibot');
    expect(graph.filter((m) => /crypto|seal|jsencrypt|wire-node/.test(m))).toEqual([]);
  });

  it('bundles the seal into a small chunk, loaded lazily, and crypto-js and jsencrypt into another that the client imports on demand', async () => {
    const { outputFiles } = await build({
      entryPoints: ['src/lib/api/index.ts'],
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'browser',
      outdir: 'out',
      write: false,
      minify: true,
      logLevel: 'silent',
    });
    const entry = outputFiles.find((f) => f.path.endsWith('/out/index.js'))!;
    const libraries = outputFiles.filter((f) => f !== entry && f.text.includes('encryptOAEP'));
    const seal = outputFiles.filter((f) => f.text.includes('RSA-OAEP') && !f.text.includes('encryptOAEP'));
    expect(entry.text).not.toMatch(/encryptOAEP|CryptoJS|BlockCipher|RSA-OAEP/);
    expect(libraries).toHaveLength(1);
    expect(seal).toHaveLength(1);
    // Reached by import("./chunk.js") only: a static `import "./chunk.js"` / `from "./chunk.js"` would load it with its importer.
    const dynamicOnly = (importer: string, file: string) => {
      const chunk = basename(file).replace(/\./g, '\\.');
      expect(importer).toMatch(new RegExp(`import\\("\\./${chunk}"\\)`));
      expect(importer).not.toMatch(new RegExp(`(?:from|import)\\s*"\\./${chunk}"`));
    };
    // The seal is loaded lazily (its own chunk; a page with first reads has it in their script).
    expect(entry.text).not.toMatch(new RegExp(`(?:from|import)\\s*"\\./${basename(seal[0]!.path).replace(/\./g, '\\.')}"`));
    dynamicOnly(entry.text, libraries[0]!.path);
    // The seal runs at the first paint, before core (src/components/shell/painted.ts): it must not wait for the libraries.
    expect(seal[0]!.text).not.toContain(basename(libraries[0]!.path));
    // Nor carry the first reads' table: a page without first reads does not load it.
    expect(seal[0]!.text).not.toContain('/api/music/quota');
    // Web Crypto costs no library bytes: the seal is small (on a page with first reads it shares the link
    // with the first screen's chunks while the reads wait for it: each KB is some 30 ms on a slow link).
    expect(gzipSync(seal[0]!.text).length).toBeLessThan(1800);
  });
});
