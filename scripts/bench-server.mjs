// `npm run bench:server`: a load check of the reference server (not a timed test). Starts the server
// as a child process on a throwaway database, sends 10,000 encrypted requests from 50 concurrent
// clients and 1,000 garbage ones, then reports requests per second, p50/p99 latency, errors, and
// whether the process stayed up. Loopback only; bounded in count; stops by itself.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { form, seal, sealText } from '../tests/fixtures/seal.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 10_000);
const GARBAGE = Number(process.env.BENCH_GARBAGE ?? 1_000);
const CLIENTS = 50;
// A port the OS says is free now, so the check never collides with a server already running.
const PORT = Number(process.env.BENCH_PORT ?? (await new Promise((resolve) => {
  const probe = createServer().listen(0, "127.0.0.1", () => {
    const { port } = probe.address();
    probe.close(() => resolve(port));
  });
})));
const base = `http://127.0.0.1:${PORT}`;
const publicKey = readFileSync('server/dev-keys/public.pem', 'utf8');
const dataDir = mkdtempSync(join(tmpdir(), 'bench-'));

const server = spawn(process.execPath, ['scripts/start.mjs'], { env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG: '0' }, stdio: ['ignore', 'pipe', 'inherit'] });
let exited = null;
server.on('exit', (code) => (exited = code));
await new Promise((resolve, reject) => {
  server.stdout.on('data', (chunk) => String(chunk).includes('Serving the site') && resolve());
  server.on('exit', () => reject(new Error('the server exited before it was ready')));
});

// Sealed before the clock starts, so the figures are the server's, not the client's RSA.
const bodies = Array.from({ length: REQUESTS }, (_, i) => form(seal({}, publicKey, { uid: `u${i % 200}`, app_sessionid: `s${i % 200}` })));
const garbage = Array.from({ length: GARBAGE }, (_, i) => {
  const good = seal({}, publicKey);
  return [
    { body: form({ params: 'x'.repeat(i % 97), encSecKey: good.encSecKey }) },
    { body: form({ params: good.params, encSecKey: 'AAAA' }) },
    { body: JSON.stringify(good), type: 'application/json' },
    { body: form(sealText('{oops', publicKey)) },
    { body: form(seal({}, publicKey, { ts: 0 })) },
    { body: 'params=%ZZ&&&=' },
    { body: form({ params: 'A'.repeat(1_100_000), encSecKey: 'A' }), oversized: true },
  ][i % 7];
});

async function send(body, type = 'application/x-www-form-urlencoded', path = '/api/session') {
  const start = performance.now();
  try {
    const response = await fetch(base + path, { method: 'POST', headers: { 'content-type': type }, body });
    await response.arrayBuffer();
    return { ms: performance.now() - start, status: response.status };
  } catch {
    return { ms: performance.now() - start, status: 0 };
  }
}

async function run(items, make) {
  const results = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: CLIENTS }, async () => {
    while (next < items.length) results.push(await make(items[next++]));
  }));
  return { results, seconds: (performance.now() - started) / 1000 };
}

const good = await run(bodies, (body) => send(body));
const bad = await run(garbage, async ({ body, type, oversized }) => ({ ...(await send(body, type, '/api/health')), oversized }));
const health = await fetch(`${base}/api/health`).then((r) => r.status).catch(() => 0);
server.kill();
rmSync(dataDir, { recursive: true, force: true });

const latencies = good.results.map((r) => r.ms).sort((a, b) => a - b);
const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))].toFixed(1);
const ok = good.results.filter((r) => r.status === 200).length;
const refused = bad.results.filter((r) => r.status >= 400 && r.status < 500).length;
// The server answers 413 from the length header and closes while the client is still sending.
const cutOff = bad.results.filter((r) => r.status === 0 && r.oversized).length;
const crashed = bad.results.filter((r) => (r.status === 0 && !r.oversized) || r.status >= 500).length;
const stayedUp = health === 200 && exited === null;

console.log(`encrypted requests: ${REQUESTS} from ${CLIENTS} clients in ${good.seconds.toFixed(2)} s = ${(REQUESTS / good.seconds).toFixed(0)} req/s`);
console.log(`latency: p50 ${pct(50)} ms, p99 ${pct(99)} ms; answered 200: ${ok}, errors: ${REQUESTS - ok}`);
console.log(`garbage requests: ${GARBAGE}; refused with 4xx: ${refused}; over 1 MB, cut off after the 413: ${cutOff}; 5xx or dropped otherwise: ${crashed}`);
console.log(`server stayed up: ${stayedUp ? 'yes' : 'NO'} (health ${health})`);
console.log(`machine: ${(await import('node:os')).cpus().length} cores, Node ${process.version}`);
process.exit(stayedUp && ok === REQUESTS && crashed === 0 ? 0 : 1);
