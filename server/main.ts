/** Starts the reference server on one port: the site, the API and the host simulator. */
import { readFileSync } from 'node:fs';
import { createApp } from './app';
import { openDb } from './db';
import { HTTP_LIMITS, serveWithLimits } from './http-limits';

const port = Number(process.env.PORT ?? 4321);
const hostname = process.env.HOST ?? '127.0.0.1';
const dataDir = process.env.DATA_DIR ?? '.data';
const db = openDb(dataDir);
const app = createApp({
  root: process.env.DIST_DIR ?? 'dist',
  db,
  // Development key pair (server/dev-keys/README.md); the build puts its public half in the pages.
  privateKey: readFileSync('server/dev-keys/private.pem', 'utf8'),
  dataDir,
  log: process.env.LOG !== '0',
  limits: HTTP_LIMITS,
});

serveWithLimits({ fetch: app.fetch, port, hostname, limits: HTTP_LIMITS }, (info) => {
  const base = `http://${hostname}:${info.port}`;
  console.log(`Serving the site on ${base}/vip-center (any route; /zh-CN/... for a locale)`);
  console.log(`Host simulator: ${base}/__host/`);
  console.log(`API: POST ${base}/api/... (docs/api.md); data in ${dataDir}/app.db`);
});
