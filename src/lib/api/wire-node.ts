/**
 * The request seal of docs/api.md, server side: unwraps `encSecKey` and decrypts `params` with
 * node:crypto alone. For the reference server (`server/`) and tests; never imported by the browser.
 */
import { constants, createDecipheriv, createPrivateKey, privateDecrypt, type KeyObject } from 'node:crypto';

/**
 * Which part of a request could not be opened; each is a client fault the server answers with a 4xx.
 * @example const logLine = (code: WireErrorCode) => `rejected request: ${code}`
 */
export type WireErrorCode = 'badBase64' | 'badKey' | 'badCipher' | 'badJson';

/**
 * A request that cannot be opened.
 * @example try { decryptRequest(form, pem) } catch (e) { if (e instanceof WireError) return c.json({ code: e.code }, 400) }
 */
export class WireError extends Error {
  readonly code: WireErrorCode;

  constructor(code: WireErrorCode, message: string = code) {
    super(message);
    this.name = 'WireError';
    this.code = code;
  }
}

/**
 * The two form fields as the server receives them (a form value may be missing or a File).
 * @example const form: WireForm = await c.req.parseBody()
 */
export interface WireForm {
  params: unknown;
  encSecKey: unknown;
}

// Kept in step with crypto.ts by the round-trip test; this module may import node:crypto only.
const KEY_LENGTH = 32;
const IV_LENGTH = 16;
const BLOCK = 16;
// Strict, padded, standard alphabet: Node's own base64 decoder skips junk instead of failing.
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

function fromBase64(field: string, value: unknown): Buffer {
  if (typeof value !== 'string' || value === '' || !BASE64.test(value)) {
    throw new WireError('badBase64', `${field} is not base64`);
  }
  return Buffer.from(value, 'base64');
}

/**
 * Decrypts `params` (base64 of IV ‖ AES-256-CBC/PKCS7 ciphertext) with the 32-character key.
 * Exposed for the test vector of docs/api.md; the server calls `decryptRequest`.
 * @example decryptParams(params, '0123456789abcdefghijklmnopqrstuv') // '{"uid":…}'
 */
export function decryptParams(params: unknown, key: Buffer | string): string {
  const sealed = fromBase64('params', params);
  const keyBytes = typeof key === 'string' ? Buffer.from(key, 'utf8') : key;
  if (keyBytes.length !== KEY_LENGTH) throw new WireError('badKey', 'AES key is not 32 bytes');
  const body = sealed.subarray(IV_LENGTH);
  if (body.length === 0 || body.length % BLOCK !== 0) throw new WireError('badCipher', 'ciphertext length');
  let plain: Buffer;
  try {
    const decipher = createDecipheriv('aes-256-cbc', keyBytes, sealed.subarray(0, IV_LENGTH));
    plain = Buffer.concat([decipher.update(body), decipher.final()]);
  } catch {
    throw new WireError('badCipher', 'bad padding (wrong key or tampered params)');
  }
  try {
    // fatal: invalid UTF-8 is an error rather than silently replaced characters.
    return new TextDecoder('utf-8', { fatal: true }).decode(plain);
  } catch {
    throw new WireError('badJson', 'body is not UTF-8');
  }
}

/**
 * Unwraps the AES key: RSA-OAEP with SHA-256 for hash and MGF1 (what jsencrypt's `encryptOAEP` does).
 * @example unwrapKey(encSecKey, privatePem).toString() // the 32-character key
 */
export function unwrapKey(encSecKey: unknown, privateKey: KeyObject | string): Buffer {
  const wrapped = fromBase64('encSecKey', encSecKey);
  // Outside the try: a private key that does not parse is the server's fault, not a badKey request.
  const keyObject = typeof privateKey === 'string' ? createPrivateKey(privateKey) : privateKey;
  let key: Buffer;
  try {
    key = privateDecrypt({ key: keyObject, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, wrapped);
  } catch {
    throw new WireError('badKey', 'encSecKey does not open with this private key');
  }
  if (key.length !== KEY_LENGTH) throw new WireError('badKey', 'AES key is not 32 bytes');
  return key;
}

/**
 * Opens a request: the JSON object the client sealed, with its `uid`, `app_sessionid`, `ts` and
 * `nonce`. Throws WireError (badBase64, badKey, badCipher, badJson) for a request that cannot be
 * opened; a private key that does not parse is a server fault and throws Node's own error.
 * @example const body = decryptRequest(await c.req.parseBody(), readFileSync('server/dev-keys/private.pem', 'utf8'))
 */
export function decryptRequest(form: WireForm, privateKeyPem: KeyObject | string): Record<string, unknown> {
  const privateKey = typeof privateKeyPem === 'string' ? createPrivateKey(privateKeyPem) : privateKeyPem;
  // Base64 of both fields first, so a malformed form is badBase64 whichever field is wrong.
  fromBase64('params', form.params);
  const json = decryptParams(form.params, unwrapKey(form.encSecKey, privateKey));
  let body: unknown;
  try {
    body = JSON.parse(json);
  } catch {
    throw new WireError('badJson', 'body is not JSON');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new WireError('badJson', 'body is not an object');
  return body as Record<string, unknown>;
}
