import { constants, privateDecrypt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { randomString, seal, sealParams, wrapKey } from './crypto';
import { decryptParams, decryptRequest } from './wire-node';

const publicPem = readFileSync('tests/fixtures/keys/public.pem', 'utf8');
const privatePem = readFileSync('tests/fixtures/keys/private.pem', 'utf8');

/** The test vector as docs/api.md prints it, so the doc and the code cannot disagree. */
function docVector() {
  const doc = readFileSync('docs/api.md', 'utf8');
  const block = /```text test-vector\n([\s\S]*?)```/.exec(doc)?.[1] ?? '';
  const field = (name: string) => new RegExp(`^${name} +(.+)$`, 'm').exec(block)?.[1] ?? '';
  return { key: field('key'), iv: field('iv'), body: field('body'), params: field('params') };
}

describe('request seal (docs/api.md)', () => {
  it('opens on the server with the same body, ts and nonce', () => {
    const body = { text: 'Hi 你好 🎵', uid: 'u1', app_sessionid: 's1', ts: Date.now(), nonce: randomString(32) };
    const form = seal(body, publicPem);
    expect(decryptRequest(form, privatePem)).toEqual(body);
  });

  it('uses a fresh key and IV for every request', () => {
    const a = seal({ same: 1 }, publicPem);
    const b = seal({ same: 1 }, publicPem);
    expect(a.params.slice(0, 22)).not.toBe(b.params.slice(0, 22)); // the IV leads params
    expect(a.encSecKey).not.toBe(b.encSecKey);
  });

  it('wraps a 32-character key with RSA-OAEP SHA-256 (hash and MGF1)', () => {
    const key = randomString(32);
    const wrapped = wrapKey(key, publicPem);
    expect(wrapped).toHaveLength(344); // 256 bytes of RSA-2048 in base64
    const unwrapped = privateDecrypt(
      { key: privatePem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(wrapped, 'base64'),
    );
    expect(unwrapped.toString('utf8')).toBe(key);
    expect(() => privateDecrypt({ key: privatePem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' }, Buffer.from(wrapped, 'base64'))).toThrow();
  });

  it('matches the test vector of docs/api.md', () => {
    const { key, iv, body, params } = docVector();
    expect(params).toMatch(/^AAECAw/); // the block was found and starts with the IV
    expect(sealParams(body, key, Uint8Array.from(Buffer.from(iv, 'hex')))).toBe(params);
    expect(decryptParams(params, key)).toBe(body);
  });

  it('draws keys and nonces of 32 characters from [A-Za-z0-9]', () => {
    const keys = Array.from({ length: 50 }, () => randomString(32));
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('refuses to seal without a public key instead of encrypting for nobody', () => {
    expect(() => seal({}, '')).toThrow(/PUBLIC_RSA_KEY/);
    expect(() => seal({}, 'not a key')).toThrow(/rejected/);
  });
});
