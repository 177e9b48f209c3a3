// What the Lighthouse scripts (`npm run bench`, `npm run test:lh`) set up around the pages they
// measure: the reference server on a free port with a throwaway database, and the bare HTML page
// every page is compared with, written into dist/ for the run and removed after it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import { join } from 'node:path';
import { closeBrowsers } from './lighthouse-runs.mjs';
import { DIST } from './pages.mjs';

/** The baseline: a heading and a paragraph in a <main>, no CSS or JS. */
export const BARE = { area: 'baseline', path: '/__bench-bare.html', file: join(DIST, '__bench-bare.html') };
// The empty icon link spares it the /favicon.ico request (and its 404 in the console) that the
// site's pages also avoid.
export const BARE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>Bare page</title>
</head>
<body>
<main>
<h1>Bare page</h1>
<p>A heading and a paragraph: no CSS, no JavaScript. The baseline the pages are compared with.</p>
</main>
</body>
</html>
`;

/**
 * Writes the bare page into dist/, starts the reference server (scripts/start.mjs) on `port` (or a
 * free one) with a throwaway database, and resolves once it serves. `stop()` undoes all three; it
 * also runs on Ctrl-C.
 * @example const lab = await startLab(); …; lab.stop()
 */
export async function startLab(preferredPort = 0) {
  writeFileSync(BARE.file, BARE_HTML);
  const dataDir = mkdtempSync(join(os.tmpdir(), 'lab-'));
  const port = await freePort(preferredPort);
  const server = spawn(process.execPath, ['scripts/start.mjs'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = () => {
    server.kill();
    // Left in dist/, the bare page would count as a page of the site in `npm run test:size`.
    rmSync(BARE.file, { force: true });
    rmSync(dataDir, { recursive: true, force: true });
  };
  // Ctrl-C mid-run: the same clean-up, and the browsers a Lighthouse run left open.
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, async () => {
      stop();
      await closeBrowsers();
      process.exit(130);
    });
  }
  await new Promise((resolve, reject) => {
    server.stdout.on('data', (chunk) => String(chunk).includes('Serving the site') && resolve());
    server.on('exit', () => reject(new Error('the server exited before it was ready')));
  }).catch((err) => {
    stop();
    throw err;
  });
  return { origin: `http://127.0.0.1:${port}`, stop };
}

/** The preferred port when nothing listens on it, else one the OS picks. */
function freePort(preferred) {
  const probe = (p) =>
    new Promise((resolve) => {
      const server = createServer()
        .once('error', () => resolve(null))
        .listen(p, '127.0.0.1', () => {
          const { port } = server.address();
          server.close(() => resolve(port));
        });
    });
  return probe(preferred).then((port) => port ?? probe(0));
}
