import { constants, privateDecrypt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { drawPageKeys, encodeKeys, randomString, seal, sealParams, wrapKeys } from './crypto';
import { decodeParams, decryptRequest, openParams, unwrapKeys } from '../../../server/api/wire-node';

const publicPem = readFileSync('tests/fixtures/keys/public.pem', 'utf8');
const privatePem = readFileSync('tests/fixtures/keys/private.pem', 'utf8');

/** The test vector as docs/api.md prints it, so the doc and the code cannot disagree. */
function docVector() {
  const doc = readFileSync('docs/api.md', 'utf8');
  const block = /```text test-vector\n([\s\S]*?)```/.exec(doc)?.[1] ?? '';
  const field = (name: string) => new RegExp(`^${name} +(.+)$`, 'm').exec(block)?.[1] ?? '';
  const bytes = (name: string) => Uint8Array.from(Buffer.from(field(name), 'hex'));
  return { aesKey: bytes('aesKey'), macKey: bytes('macKey'), iv: bytes('iv'), wrapped: field('wrapped'), body: field('body'), params: field('params') };
}

describe('request seal (docs/api.md)', () => {
  it('opens on the server with the same body, ts and nonce', () => {
    const body = { text: 'Hi 你好 🎵', uid: 'u1', app_sessionid: 's1', ts: Date.now(), nonce: randomString(32) };
    const form = seal(body, publicPem);
    expect(decryptRequest(form, privatePem)).toEqual(body);
  });

  it('keeps one encSecKey per page and draws a fresh IV for every request', () => {
    const a = seal({ same: 1 }, publicPem);
    const b = seal({ same: 1 }, publicPem);
    expect(b.encSecKey).toBe(a.encSecKey);
    expect(a.params.slice(0, 22)).not.toBe(b.params.slice(0, 22)); // the IV leads params
    expect(a.params).not.toBe(b.params);
    expect(decryptRequest(b, privatePem)).toEqual({ same: 1 });
  });

  it('wraps the same page keys again for another public key', () => {
    const otherPublic = readFileSync('server/dev-keys/public.pem', 'utf8');
    const otherPrivate = readFileSync('server/dev-keys/private.pem', 'utf8');
    const mine = seal({ n: 1 }, publicPem);
    const theirs = seal({ n: 2 }, otherPublic);
    expect(theirs.encSecKey).not.toBe(mine.encSecKey);
    expect(decryptRequest(theirs, otherPrivate)).toEqual({ n: 2 });
    expect(unwrapKeys(theirs.encSecKey, otherPrivate)).toEqual(unwrapKeys(mine.encSecKey, privatePem));
    expect(seal({ n: 3 }, publicPem).encSecKey).not.toBe(mine.encSecKey); // wrapped anew: OAEP is randomised
  });

  it('wraps both keys as 128 hex digits with RSA-OAEP SHA-256 (hash and MGF1)', () => {
    const keys = drawPageKeys();
    const wrapped = wrapKeys(keys, publicPem);
    expect(wrapped).toHaveLength(344); // 256 bytes of RSA-2048 in base64
    const oaep = (hash: string) =>
      privateDecrypt({ key: privatePem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: hash }, Buffer.from(wrapped, 'base64'));
    const text = oaep('sha256');
    expect(text.toString('latin1')).toMatch(/^[0-9a-f]{128}$/);
    expect(text.toString('latin1')).toBe(Buffer.concat([keys.aesKey, keys.macKey]).toString('hex'));
    expect(() => oaep('sha1')).toThrow();
    const unwrapped = unwrapKeys(wrapped, privatePem);
    expect(new Uint8Array(unwrapped.aesKey)).toEqual(keys.aesKey);
    expect(new Uint8Array(unwrapped.macKey)).toEqual(keys.macKey);
  });

  it('matches the test vector of docs/api.md, MAC included', () => {
    const { aesKey, macKey, iv, wrapped, body, params } = docVector();
    expect(aesKey).toHaveLength(32);
    expect(macKey).toHaveLength(32);
    expect(iv).toHaveLength(16);
    expect(params).toMatch(/^oKGio6Sl/); // the block was found and starts with the IV
    expect(encodeKeys({ aesKey, macKey })).toBe(wrapped);
    expect(sealParams(body, { aesKey, macKey }, iv)).toBe(params);
    expect(openParams(decodeParams(params), { aesKey: Buffer.from(aesKey), macKey: Buffer.from(macKey) })).toBe(body);
    // The last 32 bytes are the MAC: the vector's params does not open under another MAC key.
    expect(() => openParams(decodeParams(params), { aesKey: Buffer.from(aesKey), macKey: Buffer.alloc(32) })).toThrow(/mac/);
  });

  it('draws nonces of 32 characters from [A-Za-z0-9] and page keys of 32 random bytes', () => {
    const nonces = Array.from({ length: 50 }, () => randomString(32));
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(new Set(nonces).size).toBe(nonces.length);
    const keys = Array.from({ length: 20 }, () => drawPageKeys());
    expect(new Set(keys.flatMap(({ aesKey, macKey }) => [Buffer.from(aesKey).toString('hex'), Buffer.from(macKey).toString('hex')])).size).toBe(40);
  });

  it('refuses to seal without a public key instead of encrypting for nobody', () => {
    expect(() => seal({}, '')).toThrow(/PUBLIC_RSA_KEY/);
    expect(() => seal({}, 'not a key')).toThrow(/rejected/);
    expect(() => sealParams('{}', { aesKey: new Uint8Array(16), macKey: new Uint8Array(32) }, new Uint8Array(16))).toThrow(RangeError);
  });
});
