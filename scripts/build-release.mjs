// `npm run build:release`: the production build. Refuses to start unless PUBLIC_RSA_KEY holds the
// production backend's public key (docs/deploy.md); otherwise it is `astro build`.
import { spawnSync } from 'node:child_process';
import { releaseKeyProblem } from './lib/release-key.mjs';

const problem = releaseKeyProblem(process.env.PUBLIC_RSA_KEY);
if (problem) {
  console.error(
    `build:release refused: ${problem}\n` +
      'A release build ships the public key every request is sealed with. Set PUBLIC_RSA_KEY to the PEM of the\n' +
      "production backend's public key (docs/deploy.md, \"Release key\"); `npm run build` is for development only.",
  );
  process.exit(1);
}
const build = spawnSync('npx', ['astro', 'build'], { stdio: 'inherit', env: process.env });
process.exit(build.status ?? 1);
