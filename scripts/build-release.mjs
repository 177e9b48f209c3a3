// `npm run build:release`: the production build. Refuses to start unless PUBLIC_RSA_KEY is the
// production backend's public key (scripts/lib/release-key.mjs), then runs the normal astro build,
// which reads PUBLIC_RSA_KEY from the environment. `npm run build` keeps the development key.
import { spawnSync } from 'node:child_process';
import { checkReleaseKey } from './lib/release-key.mjs';

const verdict = checkReleaseKey(process.env.PUBLIC_RSA_KEY);
if (!verdict.ok) {
  console.error(verdict.message);
  process.exit(1);
}
console.log('PUBLIC_RSA_KEY is a production RSA public key: building…');
if (!process.env.PUBLIC_IMAGE_HOSTS) console.log('PUBLIC_IMAGE_HOSTS is not set: the pages load no image from another host (avatars show the initial).');
const build = spawnSync('npx', ['astro', 'build'], { stdio: 'inherit', env: { ...process.env, H5_RELEASE: '1' } });
process.exit(build.status ?? 1);
