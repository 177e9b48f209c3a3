// `npm run bench:server`: a load check of the reference server (not a timed test). Starts the server
// as a child process on a throwaway database, sends 10,000 encrypted requests from 50 concurrent
// clients and 1,000 garbage ones, then reports requests per second, p50/p99 latency, errors, and
// whether the process stayed up. Loopback only; bounded in count; stops by itself.
// The good requests come from 200 pages (one per user, each with its issued session), each sealing
// all its requests under one encSecKey as a browser page does: the server's RSA step runs once per
// page. The garbage comes last from the same address, so after 20 failed opens it is refused with 429.
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { form, newPage, seal, sealText } from '../tests/fixtures/seal.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 10_000);
// Rounds of REQUESTS each; the median round is reported (one round on a shared 2-core machine varies by a third).
const ROUNDS = 3;
// What the server must sustain on the 2-core machine, with its client on the same cores.
const TARGET = { perSecond: 2000, p99Ms: 50 };
const WRITE = process.argv.includes('--write');
const GARBAGE = Number(process.env.BENCH_GARBAGE ?? 1_000);
const CLIENTS = 50;
const HEAVY_AT_ONCE = 32;
// A port the OS says is free now, so the check never collides with a server already running.
const PORT = Number(
  process.env.BENCH_PORT ??
    (await new Promise((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address();
        probe.close(() => resolve(port));
      });
    })),
);
const base = `http://127.0.0.1:${PORT}`;
const publicKey = readFileSync('server/dev-keys/public.pem', 'utf8');
const dataDir = mkdtempSync(join(os.tmpdir(), 'bench-'));

const server = spawn(process.execPath, ['scripts/start.mjs'], {
  env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG: '0' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
let exited = null;
server.on('exit', (code) => (exited = code));
await new Promise((resolve, reject) => {
  server.stdout.on('data', (chunk) => String(chunk).includes('Serving the site') && resolve());
  server.on('exit', () => reject(new Error('the server exited before it was ready')));
});

// Sessions as the account service issues them (development route, loopback only). At most 200: the
// warm-up sends every page's first request (one RSA unwrap each) within a second, all from 127.0.0.1,
// and a client with 10 unwraps in the last minute gets no more once all clients caused 200 in the
// last second (server/api/opener.ts: the rest is kept for light clients); a 201st page would be 429.
const PAGES = 200;
// One at a time: 200 connections at once would pass the server's cap per address (server/http-limits.ts).
const users = [];
for (let i = 0; i < PAGES; i++) {
  const uid = `u${i}`;
  const response = await fetch(`${base}/api/dev/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ uid }) });
  const { data } = await response.json();
  users.push({ uid, app_sessionid: data.app_sessionid, page: newPage(publicKey) });
}
// Sealed before the clock starts, so the figures are the server's, not the client's. Each round has
// its own (a nonce is accepted once).
// A first round warms the server as one that has been running is warm (its JIT, each page's key
// unwrapped once): not counted. Cold, the first of three rounds was always the slowest (1,323–1,576
// req/s where the next two measured 1,872–3,104), so the median was the slower warm one anyway.
const rounds = Array.from({ length: ROUNDS + 1 }, () =>
  Array.from({ length: REQUESTS }, (_, i) => {
    const { uid, app_sessionid, page } = users[i % PAGES];
    return form(seal({}, publicKey, { path: '/api/session', uid, app_sessionid }, page));
  }),
);
const garbage = Array.from({ length: GARBAGE }, (_, i) => {
  const good = seal({}, publicKey, { path: '/api/health' }, users[i % PAGES].page);
  return [
    { body: form({ params: 'x'.repeat(i % 97), encSecKey: good.encSecKey }) },
    { body: form({ params: good.params, encSecKey: 'AAAA' }) },
    { body: JSON.stringify(good), type: 'application/json' },
    { body: form(sealText('{oops', publicKey)) },
    { body: form(seal({}, publicKey, { path: '/api/health', ts: 0 })) },
    { body: 'params=%ZZ&&&=' },
    { body: form({ params: 'A'.repeat(1_100_000), encSecKey: 'A' }), oversized: true },
    // Well-shaped garbage under a known encSecKey (answered from the key cache) and under fresh ones (RSA, until the limit).
    { body: form({ params: Buffer.alloc(64, i).toString('base64'), encSecKey: good.encSecKey }) },
    { body: form({ params: Buffer.alloc(64, i).toString('base64'), encSecKey: newPage(publicKey).encSecKey }) },
  ][i % 9];
});

// One kept-alive connection per client, as 50 phones would each hold one: fetch's pool opened more
// than that from this one address once the server answered fast (a socket not yet back in the pool
// when the next request left), and the server's cap of 64 connections per address refused them.
// node:http also costs the client less CPU than fetch, and the client shares the machine.
const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });

function send(body, type = 'application/x-www-form-urlencoded', path = '/api/session') {
  const start = performance.now();
  return new Promise((resolve) => {
    const done = (result) => resolve({ ms: performance.now() - start, ...result });
    const req = request(
      base + path,
      { method: 'POST', agent, headers: { 'content-type': type, 'content-length': Buffer.byteLength(body), 'accept-encoding': 'gzip, br' } },
      (res) => {
        res.on('data', () => {});
        res.on('end', () => done({ status: res.statusCode }));
        res.on('error', (error) => done({ status: 0, error: error.code ?? error.message }));
      },
    );
    req.on('error', (error) => done({ status: 0, error: error.code ?? error.message }));
    req.end(body);
  });
}

async function run(items, make) {
  const results = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < items.length) results.push(await make(items[next++]));
    }),
  );
  return { results, seconds: (performance.now() - started) / 1000 };
}

const goods = [];
const [warmUp, ...measured] = rounds;
const warm = await run(warmUp, (body) => send(body));
for (const bodies of measured) goods.push(await run(bodies, (body) => send(body)));
// The median round by throughput (latency is taken over all rounds, below).
const good = [...goods].sort((a, b) => a.seconds - b.seconds)[Math.floor(ROUNDS / 2)];
const bad = await run(garbage, async ({ body, type, oversized }) => ({ ...(await send(body, type, '/api/health')), oversized }));
const heavy = await heavyFlood();
const health = await fetch(`${base}/api/health`)
  .then((r) => r.status)
  .catch(() => 0);
server.kill();
rmSync(dataDir, { recursive: true, force: true });

// Latency over all three rounds (30,000 requests): the p99 of one round moved by 20 ms from run to run.
const latencies = goods.flatMap((g) => g.results.map((r) => r.ms)).sort((a, b) => a - b);
const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))].toFixed(1);
const ok = goods.flatMap((g) => g.results).filter((r) => r.status === 200).length;
const refused = bad.results.filter((r) => r.status >= 400 && r.status < 500).length;
const limited = bad.results.filter((r) => r.status === 429).length;
// The server answers 413 from the length header and closes while the client is still sending.
const cutOff = bad.results.filter((r) => r.status === 0 && r.oversized).length;
const crashed = bad.results.filter((r) => (r.status === 0 && !r.oversized) || r.status >= 500).length;
const stayedUp = health === 200 && exited === null;

const perSecond = Math.round(REQUESTS / good.seconds);
const met = perSecond >= TARGET.perSecond && Number(pct(99)) <= TARGET.p99Ms && ok === REQUESTS * ROUNDS;
const machine = `${os.cpus()[0]?.model.trim()} × ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}`;
const lines = [
  `encrypted requests: ${REQUESTS} from ${CLIENTS} clients in ${good.seconds.toFixed(2)} s = ${perSecond} req/s (median of ${ROUNDS} rounds: ${goods.map((g) => Math.round(REQUESTS / g.seconds)).join(', ')} req/s; the warm-up round before them ${Math.round(REQUESTS / warm.seconds)})`,
];
console.log(lines[0]);
lines.push(
  `latency over the ${ROUNDS} rounds: p50 ${pct(50)} ms, p99 ${pct(99)} ms; answered 200: ${ok} of ${REQUESTS * ROUNDS}, errors: ${REQUESTS * ROUNDS - ok}${ok < REQUESTS * ROUNDS ? ` (by status: ${statuses(goods.flatMap((g) => g.results))})` : ''}`,
  `target (≥ ${TARGET.perSecond} req/s, p99 ≤ ${TARGET.p99Ms} ms, no errors): ${met ? 'met' : 'NOT met'}`,
  `garbage requests: ${GARBAGE}; refused with 4xx: ${refused} (429, address over its failure limit: ${limited}); over 1 MB, cut off after the 413: ${cutOff}; 5xx or dropped otherwise: ${crashed}`,
  `heavy bodies (issue 40), ${HEAVY_AT_ONCE} at a time from one address while another reads the plans one request after another (alone: p50 ${heavy.alone.p50} ms, max ${heavy.alone.max} ms):`,
  ...['nested', 'padded'].map(
    (kind) =>
      `- ${kind === 'nested' ? '211 bodies of 0.8 MB of nested arrays' : '211 valid reads padded to 0.8 MB with a string'}: answered ${heavy[kind].statuses}; ` +
      `the other address's ${heavy[kind].during.count} reads meanwhile: p50 ${heavy[kind].during.p50} ms, p99 ${heavy[kind].during.p99} ms, max ${heavy[kind].during.max} ms`,
  ),
  `server stayed up: ${stayedUp ? 'yes' : 'NO'} (health ${health})`,
  `machine: ${machine}`,
);
for (const line of lines.slice(1)) console.log(line);
if (WRITE) writeServerFigures(lines);
process.exit(stayedUp && ok === REQUESTS * ROUNDS && crashed === 0 ? 0 : 1);

/**
 * The heavy-body attack (server/api/fair.ts): one address posts 0.8 MB bodies, HEAVY_AT_ONCE at a
 * time, while another address reads the plans one request after another; the reads' latency, alone
 * and during the flood.
 */
async function heavyFlood() {
  const HEAVY = 211;
  const read = `request=${encodeURIComponent(JSON.stringify({ region: 'SG' }))}`;
  const nested = `request={"region":"SG","x":${'['.repeat(400_000)}${']'.repeat(400_000)}}`;
  const padded = `request=${encodeURIComponent(JSON.stringify({ region: 'SG', pad: 'x'.repeat(800_000) }))}`;
  const from = (localAddress, body) =>
    new Promise((resolve) => {
      const start = performance.now();
      const req = request(
        `${base}/api/vip/plans`,
        {
          method: 'POST',
          localAddress,
          agent: false,
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          res.on('data', () => {});
          res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - start }));
        },
      );
      req.on('error', (error) => resolve({ status: error.code ?? 'error', ms: performance.now() - start }));
      req.end(body);
    });
  const summary = (results) => {
    const ms = results.map((r) => r.ms).sort((a, b) => a - b);
    const at = (p) => ms[Math.min(ms.length - 1, Math.floor(p * ms.length))].toFixed(1);
    return { p50: at(0.5), p99: at(0.99), max: ms.at(-1).toFixed(1), count: ms.length };
  };
  const alone = [];
  for (let i = 0; i < 50; i++) alone.push(await from('127.0.0.4', read));
  // One address and one kind of body each: a blocked address would otherwise hide the second.
  const floodOf = async (localAddress, body) => {
    let sent = 0;
    let flooding = true;
    const answers = [];
    const flood = Promise.all(
      Array.from({ length: HEAVY_AT_ONCE }, async () => {
        while (sent < HEAVY) {
          sent++;
          answers.push(await from(localAddress, body));
        }
      }),
    ).then(() => (flooding = false));
    const during = [];
    while (flooding) during.push(await from('127.0.0.4', read));
    await flood;
    return { statuses: statuses(answers), during: summary(during) };
  };
  return { alone: summary(alone), nested: await floodOf('127.0.0.3', nested), padded: await floodOf('127.0.0.5', padded) };
}

/** What went wrong, counted: the HTTP status, or for a request that got none, the client's error code. */
function statuses(results) {
  return Object.entries(Object.groupBy(results, (r) => r.error ?? r.status))
    .map(([status, list]) => `${status}: ${list.length}`)
    .join(', ');
}

/** The figures into docs/performance.md, between its server markers (`npm run bench` keeps them). */
function writeServerFigures(figures) {
  const file = 'docs/performance.md';
  const doc = readFileSync(file, 'utf8');
  const block = `<!-- server:start -->\n\`npm run bench:server\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC:\n\n\`\`\`text\n${figures.join('\n')}\n\`\`\`\n<!-- server:end -->`;
  if (!/<!-- server:start -->[\s\S]*<!-- server:end -->/.test(doc)) throw new Error(`${file} has no server markers`);
  writeFileSync(file, doc.replace(/<!-- server:start -->[\s\S]*<!-- server:end -->/, block));
  console.log(`written to ${file}`);
}
