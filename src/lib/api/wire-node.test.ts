import { constants, createCipheriv, publicEncrypt, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { WireError, decryptRequest, type WireErrorCode } from './wire-node';

const publicPem = readFileSync('tests/fixtures/keys/public.pem', 'utf8');
const privatePem = readFileSync('tests/fixtures/keys/private.pem', 'utf8');
const otherPublicPem = readFileSync('server/dev-keys/public.pem', 'utf8');

// Sealed with node:crypto here, so these tests pin the server alone; crypto.test.ts pins the pairing.
const wrap = (key: Buffer, pem = publicPem) =>
  publicEncrypt({ key: pem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, key).toString('base64');

function sealRaw(plain: Buffer, key = Buffer.from('k'.repeat(32))) {
  const iv = randomBytes(16);
  const cipher = createCipheriv('aes-256-cbc', key, iv);
  return { params: Buffer.concat([iv, cipher.update(plain), cipher.final()]).toString('base64'), encSecKey: wrap(key) };
}

function codeOf(run: () => unknown): WireErrorCode | undefined {
  try {
    run();
  } catch (err) {
    if (err instanceof WireError) return err.code;
    throw err;
  }
  return undefined;
}

describe('decryptRequest', () => {
  it('returns the body object of a well-formed request', () => {
    const form = sealRaw(Buffer.from(JSON.stringify({ uid: 'u1', ts: 1 })));
    expect(decryptRequest(form, privatePem)).toEqual({ uid: 'u1', ts: 1 });
  });

  it.each([
    ['a missing params', { params: undefined }],
    ['an empty params', { params: '' }],
    ['params with characters outside base64', { params: 'abc$def=' }],
    ['unpadded base64', { params: 'QUJD' + 'QQ' }],
    ['a missing encSecKey', { encSecKey: undefined }],
    ['a File instead of text', { encSecKey: new Blob(['x']) }],
  ])('says badBase64 for %s', (_name, change) => {
    const form = { ...sealRaw(Buffer.from('{}')), ...change };
    expect(codeOf(() => decryptRequest(form, privatePem))).toBe('badBase64');
  });

  it('says badKey when encSecKey was wrapped for another key pair', () => {
    const form = { ...sealRaw(Buffer.from('{}')), encSecKey: wrap(Buffer.from('k'.repeat(32)), otherPublicPem) };
    expect(codeOf(() => decryptRequest(form, privatePem))).toBe('badKey');
  });

  it('says badKey when the unwrapped AES key is not 32 bytes', () => {
    const form = { ...sealRaw(Buffer.from('{}')), encSecKey: wrap(Buffer.from('k'.repeat(16))) };
    expect(codeOf(() => decryptRequest(form, privatePem))).toBe('badKey');
  });

  it('says badCipher when the ciphertext is not whole blocks, or there is none', () => {
    const form = sealRaw(Buffer.from('{}'));
    const bytes = Buffer.from(form.params, 'base64');
    const cut = { ...form, params: bytes.subarray(0, bytes.length - 1).toString('base64') };
    const ivOnly = { ...form, params: bytes.subarray(0, 16).toString('base64') };
    expect(codeOf(() => decryptRequest(cut, privatePem))).toBe('badCipher');
    expect(codeOf(() => decryptRequest(ivOnly, privatePem))).toBe('badCipher');
  });

  it('says badCipher when the PKCS#7 padding does not check out (tampered params)', () => {
    // '{}' is one block ending in fourteen 0x0e. Flipping the IV's last bit turns the final byte into
    // 0x0f, which claims fifteen padding bytes that are not there: a certain padding failure.
    const form = sealRaw(Buffer.from('{}'));
    const bytes = Buffer.from(form.params, 'base64');
    bytes[15] = (bytes[15] ?? 0) ^ 0x01;
    expect(codeOf(() => decryptRequest({ ...form, params: bytes.toString('base64') }, privatePem))).toBe('badCipher');
  });

  it.each([
    ['not UTF-8', Buffer.from([0xff, 0xfe, 0x7b])],
    ['not JSON', Buffer.from('{uid: 1}')],
    ['JSON but not an object', Buffer.from('[1,2]')],
    ['JSON null', Buffer.from('null')],
  ])('says badJson when the body is %s', (_name, plain) => {
    expect(codeOf(() => decryptRequest(sealRaw(plain), privatePem))).toBe('badJson');
  });

  it('throws a plain error, not a WireError, when the server key itself is broken (a 500, not a 4xx)', () => {
    const form = sealRaw(Buffer.from('{}'));
    expect(() => decryptRequest(form, 'not a pem')).toThrow();
    expect(() => codeOf(() => decryptRequest(form, 'not a pem'))).toThrow();
  });
});
