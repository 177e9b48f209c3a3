// The engine matrix's browsers: real Chromium builds of the years our users' WebViews froze in, from
// npm packages that ship the binary inside the package (chrome-aws-lambda, for AWS Lambda; it runs
// on Debian with the libraries the system Chromium brings). Fetched with `npm pack` at the pinned
// version, checked against the registry's integrity, the brotli-packed binary unpacked once into
// .cache/engines/. No install script of the package runs.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';

export const CACHE = '.cache/engines';

/**
 * Each engine: the Chromium major, the package that ships it, where the binary is inside, and the
 * registry's integrity of that tarball. To add one: its version here (`npm view <pkg> dist.integrity`),
 * then `npm run test:engines` runs every check on it too (README, "Engines").
 */
export const ENGINES = [
  {
    chromium: 64,
    pkg: 'chrome-aws-lambda@64.0.3264',
    binary: 'bin/chromium.br',
    integrity: 'sha512-3XpUhpg5Qlbq8V/Pk5gzfSqcq3wSlfT1N98yzDY8a+PrrROx9XUCntkg4W1ZmisqLsWhmRLZQrKtDjTRBttwig==',
  },
  {
    chromium: 72,
    pkg: 'chrome-aws-lambda@1.11.2',
    binary: 'bin/chromium-72.0.3617.0.br',
    integrity: 'sha512-BpR7qYNkPZlMQGZI3/edrPT4Rx9Hd/Z+YV3dQ5ujfWj01r27pYYOoOmMd2w3mkmFeHF7nzFlksM/urKnfICwDQ==',
  },
  {
    chromium: 80,
    pkg: 'chrome-aws-lambda@2.1.1',
    binary: 'bin/chromium.br',
    integrity: 'sha512-Wer2QuygxsCov5bM2+8CLa6qYpNsc5AxYTlgTne00aFoxFP491LGJRxOQtGnYtsJP6UG4pB0SfrwTyPnLys1Lw==',
  },
  {
    chromium: 90,
    pkg: 'chrome-aws-lambda@8.0.2',
    binary: 'bin/chromium.br',
    integrity: 'sha512-a4VEX6DknxISPqGLksZa/JuEnjc4nLXaG0BMp5c9qERvJ/eBHPUJ7oCRQQC+SxSxuxsEwxbBj2RBlCQbivnihg==',
  },
];

/**
 * The path of the engine's binary, fetched and unpacked on first use.
 * @example installEngine(ENGINES[0]) // '.cache/engines/chromium-64/chrome'
 */
export function installEngine({ chromium, pkg, binary, integrity }) {
  const dir = join(CACHE, `chromium-${chromium}`);
  const path = join(dir, 'chrome');
  if (existsSync(path)) return path;
  const scratch = mkdtempSync(join(os.tmpdir(), 'engine-pack-'));
  try {
    // npm's own cache serves a second fetch; --ignore-scripts: nothing of the package runs.
    const [{ filename }] = JSON.parse(execFileSync('npm', ['pack', pkg, '--json', '--ignore-scripts', '--pack-destination', scratch], { encoding: 'utf8' }));
    const tarball = join(scratch, filename);
    const [algorithm, expected] = integrity.split(/-(.*)/s);
    const actual = createHash(algorithm).update(readFileSync(tarball)).digest('base64');
    if (actual !== expected) throw new Error(`${pkg}: the tarball's ${algorithm} is ${actual}, not the pinned ${expected}`);
    execFileSync('tar', ['-xzf', tarball, '-C', scratch, `package/${binary}`]);
    mkdirSync(dir, { recursive: true });
    // Unpacked beside, then renamed: an interrupted run never leaves half a binary at `path`.
    const part = `${path}.${process.pid}.part`;
    writeFileSync(part, brotliDecompressSync(readFileSync(join(scratch, 'package', binary))));
    chmodSync(part, 0o755);
    renameSync(part, path);
    return path;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
