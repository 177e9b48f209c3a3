// The public key a release build may ship (`npm run build:release`, scripts/build-release.mjs):
// the production backend's, never a pair whose private half is in this repository.
import { createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** Key pairs whose private halves are public in this repository: anything sealed for them is readable by anyone. */
export const REPOSITORY_KEYS = [
  { path: 'server/dev-keys/public.pem', name: 'the development key (server/dev-keys/public.pem)' },
  { path: 'tests/fixtures/keys/public.pem', name: "the unit tests' key (tests/fixtures/keys/public.pem)" },
];

/** OAEP-SHA-256 must carry the 128-byte page keys (docs/api.md); below 2048 bits is also too weak. */
export const MIN_MODULUS_BITS = 2048;

const HOW =
  'Set PUBLIC_RSA_KEY in the environment (not a .env file) to the PEM public key of the production backend, ' +
  '"-----BEGIN PUBLIC KEY-----" … "-----END PUBLIC KEY-----", RSA, at least 2048 bits; docs/deploy.md says how to make the pair ' +
  '(openssl genpkey / openssl pkey -pubout) and keeps the private key on the backend only. ' +
  '`npm run build` still builds with the development key, for development and tests.';

/**
 * Whether `pem` may be the release build's PUBLIC_RSA_KEY: `{ ok: true }`, or `{ ok: false, message }`
 * with one paragraph saying what is wrong and what to do. Keys are compared decoded (as DER), so
 * whitespace, line endings or another PEM wrapping cannot pass the development key off as a new one.
 * @param {string | undefined} pem
 * @param {{ pem: string, name: string }[]} [repositoryKeys]
 * @returns {{ ok: true } | { ok: false, message: string }}
 * @example checkReleaseKey(process.env.PUBLIC_RSA_KEY) // { ok: false, message: 'npm run build:release: PUBLIC_RSA_KEY is not set. …' }
 */
export function checkReleaseKey(pem, repositoryKeys = REPOSITORY_KEYS.map(({ path, name }) => ({ pem: readFileSync(path, 'utf8'), name }))) {
  /** @param {string} why */
  const refuse = (why) => ({ ok: /** @type {const} */ (false), message: `npm run build:release: ${why} ${HOW}` });
  if (typeof pem !== 'string' || pem.trim() === '') return refuse('PUBLIC_RSA_KEY is not set.');
  // createPublicKey would happily derive the public half of a private key; the page must never carry one.
  if (/PRIVATE KEY/.test(pem)) return refuse('PUBLIC_RSA_KEY holds a PRIVATE key: it would ship in every page. Use its public half.');
  // OpenSSL refuses an indented PEM that jsencrypt (the page) reads: trimmed lines, so indentation
  // cannot hide the development key from the comparison either.
  const text = pem
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .join('\n')
    .trim();
  let key;
  try {
    key = createPublicKey({ key: text, format: 'pem' });
  } catch {
    return refuse('PUBLIC_RSA_KEY is not a PEM public key.');
  }
  const der = key.export({ format: 'der', type: 'spki' });
  for (const known of repositoryKeys) {
    if (der.equals(createPublicKey(known.pem).export({ format: 'der', type: 'spki' }))) {
      return refuse(`PUBLIC_RSA_KEY is ${known.name}, whose private key is in this repository.`);
    }
  }
  if (!/^-----BEGIN PUBLIC KEY-----\n[A-Za-z0-9+/=\n]+\n-----END PUBLIC KEY-----$/.test(text)) {
    return refuse('PUBLIC_RSA_KEY is not one "-----BEGIN PUBLIC KEY-----" block (SPKI), the form the pages read.');
  }
  if (key.asymmetricKeyType !== 'rsa') return refuse(`PUBLIC_RSA_KEY is a ${key.asymmetricKeyType} key, not RSA.`);
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (bits < MIN_MODULUS_BITS) return refuse(`PUBLIC_RSA_KEY is RSA-${bits}; it must be at least ${MIN_MODULUS_BITS} bits.`);
  return { ok: /** @type {const} */ (true) };
}
