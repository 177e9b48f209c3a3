// `npm start`: build the site when dist/ is missing or older than the sources, then run the server.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildSync } from 'esbuild';

function newest(dir) {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir, { withFileTypes: true }).reduce((latest, entry) => {
    const path = join(dir, entry.name);
    return Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }, 0);
}

const built = existsSync('dist/index.html') ? statSync('dist/index.html').mtimeMs : 0;
// build/ holds the build's own steps: a change there changes the pages too.
const sources = Math.max(newest('src'), newest('public'), newest('build'), statSync('astro.config.mjs').mtimeMs);
if (built < sources) {
  console.log(built ? 'Sources changed since the last build: building…' : 'No build yet: building…');
  execFileSync('npx', ['astro', 'build'], { stdio: 'inherit' });
}

// The server is TypeScript that imports src/shared; one esbuild bundle runs it on plain Node. The bundle
// lives in this checkout's .data/ (not node_modules/, which a second worktree may share by symlink).
const outfile = '.data/server-bundle/main.mjs';
buildSync({ entryPoints: ['server/main.ts'], bundle: true, platform: 'node', format: 'esm', packages: 'external', outfile, logLevel: 'warning' });
await import(join(process.cwd(), outfile));
