import { constants, privateDecrypt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as library from './crypto';
import { randomId } from '../../shared/id';
import { drawPageKeys, encodeKeys, sealParams, webSealer, wrapKeys, type PageKeys, type Sealer } from './cipher';
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

/** A fresh copy of the seal module: its page keys and chosen path live as long as the module. */
async function freshSeal() {
  vi.resetModules();
  return import('./cipher');
}

afterEach(() => vi.unstubAllGlobals());

const SEALERS: [string, Sealer][] = [
  ['Web Crypto', webSealer],
  ['crypto-js + jsencrypt', library],
];

describe.each(SEALERS)('request seal by %s (docs/api.md)', (_, sealer) => {
  it('matches the test vector of docs/api.md, MAC included', async () => {
    const { aesKey, macKey, iv, wrapped, body, params } = docVector();
    expect(params).toMatch(/^oKGio6Sl/); // the block was found and starts with the IV
    expect(encodeKeys({ aesKey, macKey })).toBe(wrapped);
    expect(await sealParams(body, { aesKey, macKey }, iv, sealer)).toBe(params);
    expect(openParams(decodeParams(params), { aesKey: Buffer.from(aesKey), macKey: Buffer.from(macKey) })).toBe(body);
    // The last 32 bytes are the MAC: the vector's params does not open under another MAC key.
    expect(() => openParams(decodeParams(params), { aesKey: Buffer.from(aesKey), macKey: Buffer.alloc(32) })).toThrow(/mac/);
  });

  it('wraps both keys as 128 hex digits with RSA-OAEP SHA-256 (hash and MGF1)', async () => {
    const keys = drawPageKeys();
    const wrapped = await wrapKeys(keys, publicPem, sealer);
    expect(wrapped).toHaveLength(344); // 256 bytes of RSA-2048 in base64
    const oaep = (hash: string) =>
      privateDecrypt({ key: privatePem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: hash }, Buffer.from(wrapped, 'base64'));
    expect(oaep('sha256').toString('latin1')).toBe(Buffer.concat([keys.aesKey, keys.macKey]).toString('hex'));
    expect(() => oaep('sha1')).toThrow();
    const unwrapped = unwrapKeys(wrapped, privatePem);
    expect(new Uint8Array(unwrapped.aesKey)).toEqual(keys.aesKey);
    expect(new Uint8Array(unwrapped.macKey)).toEqual(keys.macKey);
  });

  it('refuses to seal without a public key, with a bad one, or with keys of the wrong size', async () => {
    await expect(wrapKeys(drawPageKeys(), '', sealer)).rejects.toThrow(/PUBLIC_RSA_KEY/);
    await expect(wrapKeys(drawPageKeys(), 'not a key', sealer)).rejects.toThrow(/rejected/);
    await expect(sealParams('{}', { aesKey: new Uint8Array(16), macKey: new Uint8Array(32) }, new Uint8Array(16), sealer)).rejects.toThrow(RangeError);
  });
});

describe('the two paths', () => {
  it('seal any body to the same bytes for the same keys and IV', async () => {
    const bytes = (n: number) => fc.uint8Array({ minLength: n, maxLength: n });
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'grapheme', maxLength: 300 }), bytes(32), bytes(32), bytes(16), async (text, aesKey, macKey, iv) => {
        const json = JSON.stringify({ text });
        const keys: PageKeys = { aesKey, macKey };
        expect(await sealParams(json, keys, iv)).toBe(await sealParams(json, keys, iv, library));
      }),
      { numRuns: 60 },
    );
  });
});

describe('seal: one page', () => {
  it('opens on the server with the same body, ts and nonce, sealed by Web Crypto without loading the libraries', async () => {
    const fallback = vi.fn(async () => library as Sealer);
    const { seal } = await freshSeal();
    const body = { text: 'Hi 你好 🎵', uid: 'u1', app_sessionid: 's1', ts: Date.now(), nonce: randomId(32) };
    expect(decryptRequest(await seal(body, publicPem, fallback), privatePem)).toEqual(body);
    expect(fallback).not.toHaveBeenCalled();
  });

  it('keeps one encSecKey per page, even for requests sent together, and draws a fresh IV for every request', async () => {
    const { seal } = await freshSeal();
    const [a, b] = await Promise.all([seal({ same: 1 }, publicPem), seal({ same: 1 }, publicPem)]);
    expect(b.encSecKey).toBe(a.encSecKey);
    expect(a.params.slice(0, 22)).not.toBe(b.params.slice(0, 22)); // the IV leads params
    expect(decryptRequest(b, privatePem)).toEqual({ same: 1 });
  });

  it('wraps the same page keys again for another public key', async () => {
    const { seal } = await freshSeal();
    const otherPublic = readFileSync('server/dev-keys/public.pem', 'utf8');
    const otherPrivate = readFileSync('server/dev-keys/private.pem', 'utf8');
    const mine = await seal({ n: 1 }, publicPem);
    const theirs = await seal({ n: 2 }, otherPublic);
    expect(theirs.encSecKey).not.toBe(mine.encSecKey);
    expect(decryptRequest(theirs, otherPrivate)).toEqual({ n: 2 });
    expect(unwrapKeys(theirs.encSecKey, otherPrivate)).toEqual(unwrapKeys(mine.encSecKey, privatePem));
  });

  it('without Web Crypto (an insecure context), loads the libraries once and seals with them', async () => {
    vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) });
    const fallback = vi.fn(async () => library as Sealer);
    const { seal } = await freshSeal();
    const first = await seal({ n: 1 }, publicPem, fallback);
    const second = await seal({ n: 2 }, publicPem, fallback);
    expect(fallback).toHaveBeenCalledOnce();
    expect(second.encSecKey).toBe(first.encSecKey);
    expect(decryptRequest(second, privatePem)).toEqual({ n: 2 });
  });

  it('when Web Crypto refuses RSA-OAEP (an old WebView), falls back to the libraries for the page', async () => {
    const subtle = crypto.subtle;
    const refusing = { ...Object.fromEntries(['importKey', 'encrypt', 'sign'].map((k) => [k, (subtle as never)[k]])) } as Record<
      string,
      (...args: never[]) => unknown
    >;
    refusing.importKey = (format: string, ...rest: unknown[]) =>
      format === 'spki'
        ? Promise.reject(new DOMException('Algorithm: Unrecognized name', 'NotSupportedError'))
        : (subtle.importKey as (...args: unknown[]) => unknown).call(subtle, format, ...rest);
    refusing.encrypt = subtle.encrypt.bind(subtle);
    refusing.sign = subtle.sign.bind(subtle);
    vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto), subtle: refusing });
    const fallback = vi.fn(async () => library as Sealer);
    const { seal } = await freshSeal();
    expect(decryptRequest(await seal({ n: 1 }, publicPem, fallback), privatePem)).toEqual({ n: 1 });
    expect(fallback).toHaveBeenCalledOnce();
  });

  it('a bad key fails the request, and a later request tries again', async () => {
    const { seal } = await freshSeal();
    await expect(seal({}, '')).rejects.toThrow(/PUBLIC_RSA_KEY/);
    expect(decryptRequest(await seal({ n: 1 }, publicPem), privatePem)).toEqual({ n: 1 });
  });

  it('draws nonces of 32 characters from [A-Za-z0-9] and page keys of 32 random bytes', () => {
    const nonces = Array.from({ length: 50 }, () => randomId(32));
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(new Set(nonces).size).toBe(nonces.length);
    const keys = Array.from({ length: 20 }, () => drawPageKeys());
    expect(new Set(keys.flatMap(({ aesKey, macKey }) => [Buffer.from(aesKey).toString('hex'), Buffer.from(macKey).toString('hex')])).size).toBe(40);
  });
});
