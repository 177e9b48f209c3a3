/**
 * Before the engine matrix: the engines fetched and unpacked (scripts/lib/old-chromium.mjs), and the
 * reference server serving the built site on a free port with a database of its own, stopped after.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ENGINES, installEngine } from '../../scripts/lib/old-chromium.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    origin: string;
    engines: Record<number, string>;
    /** The reference server's DATA_DIR: `npm run field` reads the reports there. */
    dataDir: string;
  }
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

export default async function setup(project: TestProject) {
  project.provide('engines', Object.fromEntries(ENGINES.map((engine) => [engine.chromium, installEngine(engine)])));
  const dataDir = mkdtempSync(join(os.tmpdir(), 'engines-'));
  const port = await freePort();
  // Not Vitest's NODE_ENV=test: were start.mjs to build, it would build the site for development.
  const { NODE_ENV: _test, ...env } = process.env;
  const server = spawn(process.execPath, ['scripts/start.mjs'], {
    env: { ...env, PORT: String(port), DATA_DIR: dataDir, LOG: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    server.stdout!.on('data', (chunk) => String(chunk).includes('Serving the site') && resolve());
    server.on('exit', (code) => reject(new Error(`the reference server exited (${code}) before it served`)));
  });
  project.provide('origin', `http://127.0.0.1:${port}`);
  project.provide('dataDir', dataDir);
  return () => {
    server.kill();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
