/**
 * How the reference server starts, from its environment: `npm start` is the development server (the
 * development key, the development routes, the simulator); `npm run start:release` (SERVER_MODE=release)
 * serves the `build:release` output with the production private key and nothing of development.
 * A release start that cannot be safe refuses to start, with one paragraph saying what to do.
 */
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { REPOSITORY_KEYS } from '../scripts/lib/release-key.mjs';
import { parseTrustProxy, type ProxyTrust } from './client';

export interface ServerConfig {
  mode: 'development' | 'release';
  port: number;
  hostname: string;
  dataDir: string;
  root: string;
  privateKey: KeyObject | string;
  trustProxy: ProxyTrust;
}

export class ConfigError extends Error {}

const DEV_KEY = 'server/dev-keys/private.pem';

/**
 * @example serverConfig(process.env) // { mode: 'development', port: 4321, … }
 * @example serverConfig({ SERVER_MODE: 'release' }) // throws ConfigError: PRIVATE_RSA_KEY_FILE is not set …
 */
export function serverConfig(env: Record<string, string | undefined>): ServerConfig {
  const mode = env.SERVER_MODE === 'release' ? 'release' : 'development';
  const root = env.DIST_DIR ?? 'dist';
  let trustProxy: ProxyTrust;
  try {
    trustProxy = parseTrustProxy(env.TRUST_PROXY);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
  return {
    mode,
    port: Number(env.PORT ?? 4321),
    hostname: env.HOST ?? '127.0.0.1',
    dataDir: env.DATA_DIR ?? '.data',
    root,
    // Development key pair (server/dev-keys/README.md); the build puts its public half in the pages.
    privateKey: mode === 'release' ? releaseKey(env.PRIVATE_RSA_KEY_FILE, root) : readFileSync(DEV_KEY, 'utf8'),
    trustProxy,
  };
}

const HOW =
  'Set PRIVATE_RSA_KEY_FILE to the PEM file of the production private key (docs/deploy.md says how to make the pair) ' +
  'and build the pages for its public half with `PUBLIC_RSA_KEY=… npm run build:release`. `npm start` is the development server.';

/** The production private key, checked against the keys in this repository and against the built pages. */
function releaseKey(file: string | undefined, root: string): KeyObject {
  const refuse = (why: string) => new ConfigError(`npm run start:release: ${why} ${HOW}`);
  if (!file) throw refuse('PRIVATE_RSA_KEY_FILE is not set.');
  let key: KeyObject;
  try {
    key = createPrivateKey(readFileSync(file, 'utf8'));
  } catch {
    throw refuse(`PRIVATE_RSA_KEY_FILE (${file}) is not a readable PEM private key.`);
  }
  if (key.asymmetricKeyType !== 'rsa') throw refuse('PRIVATE_RSA_KEY_FILE is not an RSA key.');
  const spki = createPublicKey(key).export({ format: 'der', type: 'spki' });
  for (const known of REPOSITORY_KEYS) {
    if (spki.equals(createPublicKey(readFileSync(known.path, 'utf8')).export({ format: 'der', type: 'spki' }))) {
      throw refuse(`PRIVATE_RSA_KEY_FILE holds the private half of ${known.name}, which anyone can read in this repository.`);
    }
  }
  // The pages seal for the public key they were built with: another one and every request would fail.
  const body = spki.toString('base64');
  if (!builtFor(root, body)) throw refuse(`the pages in ${root}/ were not built for this key's public half.`);
  return key;
}

/** Whether a script of the built site carries this public key (base64 of its DER, line breaks aside). */
function builtFor(root: string, base64: string): boolean {
  const dir = join(root, '_astro');
  if (!existsSync(dir)) return false;
  return readdirSync(dir).some(
    (name) =>
      name.endsWith('.js') &&
      readFileSync(join(dir, name), 'utf8')
        .replace(/\\n|\s/g, '')
        .includes(base64),
  );
}
