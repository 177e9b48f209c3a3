// The public key a release build may ship: set, a PEM RSA public key of at least 2048 bits, and not the
// development key (whose private half is in the repository). Compared by the key itself, so no
// rewrapping or whitespace change of the development PEM passes.
import { createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';

const DEV_KEY_FILE = new URL('../../server/dev-keys/public.pem', import.meta.url);

const der = (pem) => createPublicKey(pem).export({ type: 'spki', format: 'der' });

/**
 * Why `pem` may not be shipped, or null when it may.
 * @example releaseKeyProblem(process.env.PUBLIC_RSA_KEY) // 'PUBLIC_RSA_KEY is not set.' | null
 */
export function releaseKeyProblem(pem, devPem = readFileSync(DEV_KEY_FILE, 'utf8')) {
  if (!pem || !pem.trim()) return 'PUBLIC_RSA_KEY is not set.';
  let key;
  try {
    key = createPublicKey(pem);
  } catch {
    return 'PUBLIC_RSA_KEY is not a PEM public key (-----BEGIN PUBLIC KEY-----).';
  }
  if (key.asymmetricKeyType !== 'rsa') return `PUBLIC_RSA_KEY is a ${key.asymmetricKeyType} key; the seal needs RSA.`;
  if (key.asymmetricKeyDetails.modulusLength < 2048) return `PUBLIC_RSA_KEY is ${key.asymmetricKeyDetails.modulusLength}-bit; at least 2048 is needed.`;
  if (der(pem).equals(der(devPem))) return 'PUBLIC_RSA_KEY is the development key, whose private key is in the repository.';
  return null;
}
