/**
 * The request seal of docs/api.md, server side: unwraps the page keys from `encSecKey`, checks the
 * HMAC of `params` and only then decrypts it, with node:crypto alone. For the reference server
 * (`server/`) and tests; never imported by the browser.
 */
import { constants, createDecipheriv, createHmac, createPrivateKey, privateDecrypt, timingSafeEqual, type KeyObject } from 'node:crypto';
import { withinShape } from './json-shape';

/**
 * Why a request could not be opened. For logs and tests only: the answer is the same for every
 * reason, so a client cannot tell a padding failure from a MAC failure (no padding oracle).
 * @example const logLine = (reason: SealFault) => `badSeal (${reason})`
 */
export type SealFault = 'form' | 'base64' | 'length' | 'unwrap' | 'keys' | 'mac' | 'padding' | 'utf8' | 'shape' | 'json' | 'object';

/**
 * A request that cannot be opened; `reason` says which check failed, for the server's log.
 * @example try { decryptRequest(form, pem) } catch (e) { if (e instanceof WireError) return c.json(BAD_SEAL, 400) }
 */
export class WireError extends Error {
  readonly reason: SealFault;

  constructor(reason: SealFault) {
    super(`request seal refused: ${reason}`);
    this.name = 'WireError';
    this.reason = reason;
  }
}

/**
 * The two form fields as the server receives them (a form value may be missing or a File).
 * @example const form: WireForm = { params: body.get('params'), encSecKey: body.get('encSecKey') }
 */
export interface WireForm {
  params: unknown;
  encSecKey: unknown;
}

/**
 * A page's two secrets, unwrapped from its `encSecKey`: AES-256 and HMAC-SHA-256 keys, 32 bytes each.
 * @example const { aesKey, macKey } = unwrapKeys(encSecKey, privateKey)
 */
export interface PageKeys {
  aesKey: Buffer;
  macKey: Buffer;
}

/** The page keys as Node key objects: made once per page (Opener's cache), not by every request's HMAC and decipher. */
export interface SecretKeys {
  aesKey: KeyObject;
  macKey: KeyObject;
}

/**
 * `params` decoded and cut into its parts; `signed` (IV ‖ ciphertext) is what the MAC covers.
 * @example const { iv, ciphertext } = decodeParams(form.params)
 */
export interface SealedParams {
  iv: Buffer;
  ciphertext: Buffer;
  tag: Buffer;
  signed: Buffer;
}

// Kept in step with crypto.ts by the round-trip and test-vector tests; this module may import node:crypto only.
const KEY_BYTES = 32;
const IV_LENGTH = 16;
const MAC_LENGTH = 32;
const BLOCK = 16;
// Strict, padded, standard alphabet: Node's own base64 decoder skips junk instead of failing, and a
// loose decoder would let many strings name the same bytes (and the same cached keys).
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
// What encSecKey wraps: the two keys as 128 lowercase hex digits (see crypto.ts `encodeKeys`).
const WRAPPED_KEYS = /^[0-9a-f]{128}$/;

function fromBase64(value: unknown): Buffer {
  if (typeof value !== 'string' || value === '' || !BASE64.test(value)) throw new WireError('base64');
  return Buffer.from(value, 'base64');
}

/**
 * Decodes `params` (strict base64 of IV ‖ ciphertext ‖ MAC) and checks its shape, without any key:
 * cheap, so the server runs it before the RSA step.
 * @example decodeParams(form.params).ciphertext.length % 16 // 0
 */
export function decodeParams(params: unknown): SealedParams {
  const bytes = fromBase64(params);
  const body = bytes.length - IV_LENGTH - MAC_LENGTH;
  if (body < BLOCK || body % BLOCK !== 0) throw new WireError('length');
  const signed = bytes.subarray(0, bytes.length - MAC_LENGTH);
  return { iv: bytes.subarray(0, IV_LENGTH), ciphertext: signed.subarray(IV_LENGTH), tag: bytes.subarray(signed.length), signed };
}

/**
 * Checks the MAC, then decrypts: the body text of a request. Nothing is decrypted before the MAC
 * matches, so a tampered IV or ciphertext never reaches the padding check.
 * @example openParams(decodeParams(form.params), { aesKey, macKey }) // '{"uid":…}'
 */
export function openParams({ iv, ciphertext, tag, signed }: SealedParams, keys: PageKeys | SecretKeys): string {
  const expected = createHmac('sha256', keys.macKey).update(signed).digest();
  if (!timingSafeEqual(expected, tag)) throw new WireError('mac');
  let plain: Buffer;
  try {
    const decipher = createDecipheriv('aes-256-cbc', keys.aesKey, iv);
    plain = Buffer.concat([decipher.update(ciphertext), decipher.final()]);
  } catch {
    throw new WireError('padding');
  }
  try {
    // fatal: invalid UTF-8 is an error rather than silently replaced characters.
    return new TextDecoder('utf-8', { fatal: true }).decode(plain);
  } catch {
    throw new WireError('utf8');
  }
}

/**
 * Unwraps the page keys: RSA-OAEP with SHA-256 for hash and MGF1 (what jsencrypt's `encryptOAEP`
 * does), giving 128 lowercase hex digits: the AES key's 32 bytes, then the MAC key's.
 * @example unwrapKeys(encSecKey, privateKey).aesKey.length // 32
 */
export function unwrapKeys(encSecKey: unknown, privateKey: KeyObject | string): PageKeys {
  const wrapped = fromBase64(encSecKey);
  // Outside the try: a private key that does not parse is the server's fault, not a bad request.
  const keyObject = typeof privateKey === 'string' ? createPrivateKey(privateKey) : privateKey;
  let text: string;
  try {
    text = privateDecrypt({ key: keyObject, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, wrapped).toString('latin1');
  } catch {
    throw new WireError('unwrap');
  }
  if (!WRAPPED_KEYS.test(text)) throw new WireError('keys');
  const bytes = Buffer.from(text, 'hex');
  return { aesKey: bytes.subarray(0, KEY_BYTES), macKey: bytes.subarray(KEY_BYTES) };
}

/**
 * The opened body text as the request object: JSON, and an object (not an array or null).
 * @example parseBody('{"uid":"10001"}') // { uid: '10001' }
 */
export function parseBody(json: string): Record<string, unknown> {
  // Deeper or longer than any request of the contract: refused before parsing costs what it would.
  if (!withinShape(json)) throw new WireError('shape');
  let body: unknown;
  try {
    body = JSON.parse(json);
  } catch {
    throw new WireError('json');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new WireError('object');
  return body as Record<string, unknown>;
}

/**
 * Opens a request without a key cache: the JSON object the client sealed, with its `uid`,
 * `app_sessionid`, `ts` and `nonce`. Throws WireError for a request that cannot be opened; a private
 * key that does not parse is a server fault and throws Node's own error. The reference server opens
 * through server/api/opener.ts instead, which caches the unwrapped keys.
 * @example const body = decryptRequest({ params, encSecKey }, readFileSync('server/dev-keys/private.pem', 'utf8'))
 */
export function decryptRequest(form: WireForm, privateKey: KeyObject | string): Record<string, unknown> {
  const keyObject = typeof privateKey === 'string' ? createPrivateKey(privateKey) : privateKey;
  // The shape of params first: malformed params never cost an RSA decryption.
  const sealed = decodeParams(form.params);
  return parseBody(openParams(sealed, unwrapKeys(form.encSecKey, keyObject)));
}
