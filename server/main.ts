/**
 * Starts the reference server on one port: the site and the API, and in development the routes that
 * stand for other services and the host simulator (server/config.ts says which start is which).
 */
import { createApp } from './app';
import { ConfigError, serverConfig, type ServerConfig } from './config';
import { openDb } from './db';
import { hasDemoData } from './db/seed';
import { HTTP_LIMITS, serveWithLimits } from './http-limits';

let config: ServerConfig;
try {
  config = serverConfig(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
const { mode, port, hostname, dataDir, root, privateKey, trustProxy } = config;
const db = openDb(dataDir, { demo: mode === 'development' });
// `npm start` and a release start both keep their data in .data/ unless DATA_DIR says otherwise: a
// database the development start made holds the redeem codes docs/api.md prints, and a release
// serving it would redeem them for anyone.
if (mode === 'release' && hasDemoData(db)) {
  console.error(
    `npm run start:release: ${dataDir}/app.db holds the development seed (demo accounts, and redeem codes such as SVIP30 that docs/api.md prints), made by \`npm start\`. ` +
      `Give the release a DATA_DIR of its own (docs/deploy.md); \`DATA_DIR=${dataDir} npm run db:reset\` deletes this one.`,
  );
  process.exit(1);
}
const app = createApp({ root, db, privateKey, dataDir, log: process.env.LOG !== '0', limits: HTTP_LIMITS, mode, trustProxy });

serveWithLimits({ fetch: app.fetch, port, hostname, limits: HTTP_LIMITS, trustProxy }, (info) => {
  const base = `http://${hostname}:${info.port}`;
  console.log(`Serving the site on ${base}/vip-center (any route; /zh-CN/... for a locale)`);
  if (mode === 'development') {
    console.log(
      'DEVELOPMENT server: /api/dev/* (sessions, balances, the mailbox) trusts any local caller. Never put it behind a proxy; `npm run start:release` is the production start.',
    );
    console.log(`Host simulator: ${base}/__host/`);
  } else {
    console.log('Release server: no development routes, no simulator; the production key.');
  }
  console.log(`Proxies trusted to name the client (TRUST_PROXY): ${trustProxy.description}`);
  console.log(`API: POST ${base}/api/... (docs/api.md); data in ${dataDir}/app.db`);
});
