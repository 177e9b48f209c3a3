// Runs npm scripts side by side and fails if any fails: `npm test`'s checks that read the sources and
// nothing else (types, lint, import cycles) are single-threaded, so on the 2-core machine they take
// the time of the longest instead of their sum. Each one's output is printed whole when it ends.
// @example node scripts/parallel.mjs test:types test:lint test:cycles
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
const results = await Promise.all(
  scripts.map(
    (name) =>
      new Promise((resolve) => {
        const started = Date.now();
        const child = spawn('npm', ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] });
        let output = '';
        child.stdout.on('data', (chunk) => (output += chunk));
        child.stderr.on('data', (chunk) => (output += chunk));
        child.on('close', (code) => {
          process.stdout.write(`> ${name}: ${code === 0 ? 'passed' : `failed (${code})`} in ${((Date.now() - started) / 1000).toFixed(0)} s\n${output}`);
          resolve(code);
        });
      }),
  ),
);
process.exit(results.every((code) => code === 0) ? 0 : 1);
