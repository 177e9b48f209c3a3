import { constants, createCipheriv, createPrivateKey, publicEncrypt, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { newPage, sealText, signParams } from '../../tests/fixtures/seal';
import { WireError, decryptRequest, type SealFault } from './wire-node';

const publicPem = readFileSync('tests/fixtures/keys/public.pem', 'utf8');
const privatePem = readFileSync('tests/fixtures/keys/private.pem', 'utf8');
const otherPublicPem = readFileSync('server/dev-keys/public.pem', 'utf8');

// Sealed with node:crypto (tests/fixtures/seal.ts), so these tests pin the server alone; crypto.test.ts pins the pairing.
const page = newPage(publicPem);
const wrapText = (text: string, pem = publicPem) =>
  publicEncrypt({ key: pem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(text, 'latin1')).toString('base64');

/** Which check refused the request (the server logs it; the client never sees it). */
function reasonOf(run: () => unknown): SealFault | undefined {
  try {
    run();
  } catch (err) {
    if (err instanceof WireError) return err.reason;
    throw err;
  }
  return undefined;
}

/** params with one bit of its decoded bytes flipped. */
function flip(params: string, byte: number, bit = 0): string {
  const bytes = Buffer.from(params, 'base64');
  if (byte >= bytes.length) throw new RangeError(`params has ${bytes.length} bytes, no byte ${byte}`);
  bytes[byte]! ^= 1 << bit;
  return bytes.toString('base64');
}

/** Encrypts without padding, so a test can choose the last block's bytes. */
function rawCbc(plain: Buffer, key: Buffer, iv: Buffer): Buffer {
  const cipher = createCipheriv('aes-256-cbc', key, iv).setAutoPadding(false);
  return Buffer.concat([cipher.update(plain), cipher.final()]);
}

describe('decryptRequest', () => {
  it('returns the body object of a well-formed request', () => {
    const form = sealText(JSON.stringify({ uid: 'u1', ts: 1 }), publicPem, page);
    expect(decryptRequest(form, privatePem)).toEqual({ uid: 'u1', ts: 1 });
  });

  it.each([
    ['a missing params', { params: undefined }],
    ['an empty params', { params: '' }],
    ['params with characters outside base64', { params: 'abc$def=' }],
    ['unpadded base64', { params: 'QUJD' + 'QQ' }],
    ['a missing encSecKey', { encSecKey: undefined }],
    ['a File instead of text', { encSecKey: new Blob(['x']) }],
    ['encSecKey without its padding', { encSecKey: page.encSecKey.replace(/=+$/, '') }],
  ])('refuses %s (base64)', (_name, change) => {
    const form = { ...sealText('{}', publicPem, page), ...change };
    expect(reasonOf(() => decryptRequest(form, privatePem))).toBe('base64');
  });

  it('refuses params too short for IV, one block and MAC, or not whole blocks (length)', () => {
    const form = sealText('{}', publicPem, page);
    const bytes = Buffer.from(form.params, 'base64');
    expect(bytes).toHaveLength(16 + 16 + 32);
    for (const cut of [bytes.subarray(0, 63), bytes.subarray(0, 48), Buffer.concat([bytes, Buffer.alloc(1)]), bytes.subarray(0, 16)]) {
      expect(reasonOf(() => decryptRequest({ ...form, params: cut.toString('base64') }, privatePem))).toBe('length');
    }
  });

  it('checks the shape of params before the RSA step', () => {
    // This encSecKey would fail RSA (another server's); the malformed params is refused first.
    const form = { params: 'QUJD', encSecKey: newPage(otherPublicPem).encSecKey };
    expect(reasonOf(() => decryptRequest(form, privatePem))).toBe('length');
  });

  it('refuses an encSecKey wrapped for another key pair (unwrap)', () => {
    const form = { ...sealText('{}', publicPem, page), encSecKey: newPage(otherPublicPem).encSecKey };
    expect(reasonOf(() => decryptRequest(form, privatePem))).toBe('unwrap');
  });

  it.each([
    ['the old 32-character AES key', 'k'.repeat(32)],
    ['127 hex digits', 'a'.repeat(127)],
    ['129 hex digits', 'a'.repeat(129)],
    ['upper-case hex', 'A'.repeat(128)],
    ['64 raw bytes instead of hex', randomBytes(64).toString('latin1')],
  ])('refuses an encSecKey that unwraps to %s (keys)', (_name, text) => {
    const form = { ...sealText('{}', publicPem, page), encSecKey: wrapText(text) };
    expect(reasonOf(() => decryptRequest(form, privatePem))).toBe('keys');
  });

  it.each([
    ['the IV (it used to rewrite the first block: the uid)', 0],
    ['the last IV byte (it used to make a padding error)', 15],
    ['the ciphertext', 20],
    ['the last ciphertext byte', 47],
    ['the MAC', 50],
  ])('refuses a bit flipped in %s, before decrypting (mac)', (_name, byte) => {
    const form = sealText('{"uid":"10001","ts":1}', publicPem, page);
    expect(reasonOf(() => decryptRequest({ ...form, params: flip(form.params, byte) }, privatePem))).toBe('mac');
  });

  it("refuses params sealed under another page's MAC key (mac)", () => {
    const mine = sealText('{}', publicPem, page);
    const other = sealText('{}', publicPem);
    expect(reasonOf(() => decryptRequest({ params: other.params, encSecKey: mine.encSecKey }, privatePem))).toBe('mac');
  });

  it('refuses bad PKCS#7 padding under a valid MAC (padding), the check a MAC-less seal relied on', () => {
    const iv = randomBytes(16);
    // A last byte of 0x00 (or over 16) is never valid padding; the MAC is forged with the page's key.
    for (const last of [0x00, 0x11, 0xff]) {
      const plain = Buffer.concat([Buffer.from('{"uid":"1"}....'), Buffer.from([last])]);
      const params = signParams(page, iv, rawCbc(plain, page.aesKey, iv));
      expect(reasonOf(() => decryptRequest({ params, encSecKey: page.encSecKey }, privatePem))).toBe('padding');
    }
  });

  it('checks the MAC before the padding: a bad padding under a bad MAC says mac', () => {
    const iv = randomBytes(16);
    const params = signParams(page, iv, rawCbc(Buffer.alloc(16), page.aesKey, iv));
    expect(reasonOf(() => decryptRequest({ params: flip(params, 63), encSecKey: page.encSecKey }, privatePem))).toBe('mac');
  });

  it.each([
    ['not UTF-8', Buffer.from([0xff, 0xfe, 0x7b]), 'utf8'],
    ['not JSON', Buffer.from('{uid: 1}'), 'json'],
    ['JSON but not an object', Buffer.from('[1,2]'), 'object'],
    ['JSON null', Buffer.from('null'), 'object'],
  ])('refuses a body that is %s', (_name, plain, reason) => {
    const iv = randomBytes(16);
    const cipher = createCipheriv('aes-256-cbc', page.aesKey, iv);
    const params = signParams(page, iv, Buffer.concat([cipher.update(plain), cipher.final()]));
    expect(reasonOf(() => decryptRequest({ params, encSecKey: page.encSecKey }, privatePem))).toBe(reason);
  });

  it('throws a plain error, not a WireError, when the server key itself is broken (a 500, not a 4xx)', () => {
    const form = sealText('{}', publicPem, page);
    expect(() => decryptRequest(form, 'not a pem')).toThrow();
    expect(() => reasonOf(() => decryptRequest(form, 'not a pem'))).toThrow();
    expect(decryptRequest(form, createPrivateKey(privatePem))).toEqual({});
  });
});
