import { readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it, vi } from 'vitest';

const loaded = vi.hoisted(() => vi.fn());
// The real module, with a spy on the moment it is first evaluated.
vi.mock('./crypto', async (importOriginal) => {
  loaded();
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
  it('does not load the crypto module until the first request', async () => {
    const { request } = await import('./index');
    const { health } = await import('./endpoints/platform');
    expect(loaded).not.toHaveBeenCalled();

    vi.stubEnv('PUBLIC_RSA_KEY', readFileSync('tests/fixtures/keys/public.pem', 'utf8'));
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ code: 0, data: { ok: true } })));
    await request(health, {});
    await request(health, {});
    expect(loaded).toHaveBeenCalledOnce();
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
  });

  it('keeps crypto-js, jsencrypt and node:crypto out of the static imports of index.ts', () => {
    const graph = [...staticImports('src/lib/api/index.ts')];
    expect(graph).toContain('valibot');
    expect(graph.filter((m) => /crypto|jsencrypt|wire-node/.test(m))).toEqual([]);
  });

  it('bundles crypto-js and jsencrypt into a chunk of their own', async () => {
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
    const lazy = outputFiles.filter((f) => f !== entry && f.text.includes('encryptOAEP'));
    expect(entry.text).not.toMatch(/encryptOAEP|CryptoJS|BlockCipher/);
    expect(lazy).toHaveLength(1);
    // Reached by import("./chunk.js") only: a static `import "./chunk.js"` / `from "./chunk.js"` would load it with the page.
    const chunk = basename(lazy[0]!.path).replace(/\./g, '\\.');
    expect(entry.text).toMatch(new RegExp(`import\\("\\./${chunk}"\\)`));
    expect(entry.text).not.toMatch(new RegExp(`(?:from|import)\\s*"\\./${chunk}"`));
  });
});
