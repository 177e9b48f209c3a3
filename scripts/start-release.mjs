// `npm run start:release`: the production start. Serves what `npm run build:release` built (DIST_DIR,
// dist/ by default) with the private key in PRIVATE_RSA_KEY_FILE; PORT, HOST, DATA_DIR and TRUST_PROXY
// as for `npm start`. No development routes, no mailbox, no simulator (server/config.ts refuses to
// start with the development key, or with pages built for another key).
import { join } from 'node:path';
import { buildSync } from 'esbuild';

process.env.SERVER_MODE = 'release';
const outfile = '.data/server-bundle/release.mjs';
buildSync({ entryPoints: ['server/main.ts'], bundle: true, platform: 'node', format: 'esm', packages: 'external', outfile, logLevel: 'warning' });
await import(join(process.cwd(), outfile));
