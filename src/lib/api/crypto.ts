/**
 * The request seal of docs/api.md, browser side: encrypt-then-MAC (AES-256-CBC, then HMAC-SHA-256
 * over IV ‖ ciphertext) with crypto-js under two keys drawn once per page, both wrapped in one
 * RSA-OAEP block by jsencrypt. Loaded only by the client's `import('./crypto')` on the first request,
 * so these two libraries never weigh on a page that makes no API call.
 */
// Single crypto-js modules, not 'crypto-js': the whole library (hashes, ciphers, KDFs we never use)
// would triple the chunk. core.js already carries Utf8 and Hex; aes.js pulls cipher-core (CBC, Pkcs7).
import CryptoJS from 'crypto-js/core';
import AES from 'crypto-js/aes';
import HmacSHA256 from 'crypto-js/hmac-sha256';
import Base64 from 'crypto-js/enc-base64';
import { JSEncrypt } from 'jsencrypt';

/**
 * Form fields of every request.
 * @example new URLSearchParams({ ...sealed })
 */
export interface Sealed {
  /** base64(IV ‖ AES-256-CBC ciphertext of the JSON body ‖ HMAC-SHA-256 of IV ‖ ciphertext). */
  params: string;
  /** base64(RSA-OAEP-SHA256 of the page keys as 128 hex digits); the same for every request of a page. */
  encSecKey: string;
}

/**
 * The page's two secrets, 32 random bytes each: one encrypts, the other authenticates.
 * @example sealParams(json, drawPageKeys(), iv)
 */
export interface PageKeys {
  aesKey: Uint8Array;
  macKey: Uint8Array;
}

/** Nonce characters; `randomString` draws from them. */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** The largest multiple of 62 that fits a byte: drawing below it keeps every character equally likely. */
const UNBIASED = 248;
/**
 * AES-256 and HMAC-SHA-256 keys: 32 bytes each.
 * @example crypto.getRandomValues(new Uint8Array(KEY_BYTES))
 */
export const KEY_BYTES = 32;
/**
 * CBC's IV is one AES block; it leads the decoded `params`.
 * @example crypto.getRandomValues(new Uint8Array(IV_LENGTH))
 */
export const IV_LENGTH = 16;

/**
 * `length` characters from [A-Za-z0-9] drawn from Web Crypto (never Math.random), for the nonce.
 * @example randomString(32) // 'q3ZP…' (32 characters, [A-Za-z0-9])
 */
export function randomString(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < UNBIASED && out.length < length) out += ALPHABET[byte % ALPHABET.length];
    }
  }
  return out;
}

// crypto-js works on WordArrays (big-endian 32-bit words); this avoids shipping lib-typedarrays.
function toWordArray(bytes: Uint8Array): CryptoJS.lib.WordArray {
  const words: number[] = [];
  bytes.forEach((byte, i) => {
    words[i >>> 2] = (words[i >>> 2] ?? 0) | (byte << (24 - (i % 4) * 8));
  });
  return CryptoJS.lib.WordArray.create(words, bytes.length);
}

/**
 * Two fresh 32-byte keys from Web Crypto.
 * @example const keys = drawPageKeys()
 */
export function drawPageKeys(): PageKeys {
  return { aesKey: crypto.getRandomValues(new Uint8Array(KEY_BYTES)), macKey: crypto.getRandomValues(new Uint8Array(KEY_BYTES)) };
}

/**
 * The text RSA wraps: AES key ‖ MAC key as 128 lowercase hex digits. Text, because jsencrypt's
 * `oaep_pad` takes each `charCodeAt` as one byte: ASCII hex comes out byte-exact, and it would stay so
 * even under a jsencrypt that UTF-8 encoded its argument.
 * @example encodeKeys({ aesKey: new Uint8Array(32), macKey: new Uint8Array(32).fill(255) }) // '00…00ff…ff'
 */
export function encodeKeys({ aesKey, macKey }: PageKeys): string {
  if (aesKey.length !== KEY_BYTES || macKey.length !== KEY_BYTES) throw new RangeError('AES and MAC keys must be 32 bytes each');
  return CryptoJS.enc.Hex.stringify(toWordArray(aesKey).concat(toWordArray(macKey)));
}

/**
 * The `params` field for given keys and IV: deterministic, so docs/api.md can give a test vector.
 * Encrypt, then MAC the IV and ciphertext, so the server checks integrity before it decrypts.
 * The key is a WordArray, never a string: a string key would make crypto-js derive key and IV from
 * it as a passphrase (OpenSSL's MD5 KDF).
 * @example sealParams('{"a":1}', keys, new Uint8Array(16)) // 'AAAA…' (IV, ciphertext, 32-byte MAC)
 */
export function sealParams(json: string, keys: PageKeys, iv: Uint8Array): string {
  if (keys.aesKey.length !== KEY_BYTES || keys.macKey.length !== KEY_BYTES || iv.length !== IV_LENGTH) {
    throw new RangeError('AES and MAC keys must be 32 bytes, the IV 16');
  }
  const ivWords = toWordArray(iv);
  const { ciphertext } = AES.encrypt(CryptoJS.enc.Utf8.parse(json), toWordArray(keys.aesKey), {
    iv: ivWords,
    mode: CryptoJS.mode.CBC,
    padding: CryptoJS.pad.Pkcs7,
  });
  // The IV travels in front of the ciphertext and is covered by the MAC: flipping its bits used to
  // rewrite the first block of the body (the uid) undetected.
  const signed = ivWords.clone().concat(ciphertext);
  const tag = HmacSHA256(signed, toWordArray(keys.macKey));
  return Base64.stringify(signed.clone().concat(tag));
}

/**
 * The page keys wrapped for the server. jsencrypt's `encryptOAEP` is RSA-OAEP with SHA-256 for both
 * the label hash and MGF1, empty label (fixed in jsencrypt 3.x `oaep_pad`; not configurable).
 * @example wrapKeys(drawPageKeys(), publicPem) // 344 base64 characters for RSA-2048
 */
export function wrapKeys(keys: PageKeys, publicKeyPem: string): string {
  // An empty key would make jsencrypt generate a random key pair and encrypt for nobody, silently.
  if (!publicKeyPem.trim()) throw new Error('No RSA public key (PUBLIC_RSA_KEY is not set)');
  const rsa = new JSEncrypt();
  rsa.setPublicKey(publicKeyPem);
  const wrapped = rsa.encryptOAEP(encodeKeys(keys));
  // jsencrypt reports a bad PEM or a too-short key as `false`, not as an exception.
  if (!wrapped) throw new Error('RSA public key rejected (PUBLIC_RSA_KEY)');
  return wrapped;
}

// One pair of keys per page (this module's lifetime), wrapped once per public key: the RSA step,
// the slow part on both ends, runs once per page rather than once per request.
let pageKeys: PageKeys | undefined;
let wrappedFor: { publicKeyPem: string; encSecKey: string } | undefined;

/**
 * Seals a JSON-serialisable body under the page's keys with a fresh IV for this request.
 * @example const { params, encSecKey } = seal({ uid: 'u1', ts: Date.now() }, import.meta.env.PUBLIC_RSA_KEY)
 */
export function seal(body: object, publicKeyPem: string): Sealed {
  pageKeys ??= drawPageKeys();
  if (wrappedFor?.publicKeyPem !== publicKeyPem) wrappedFor = { publicKeyPem, encSecKey: wrapKeys(pageKeys, publicKeyPem) };
  const iv = crypto.getRandomValues(new Uint8Array(IV_LENGTH));
  return { params: sealParams(JSON.stringify(body), pageKeys, iv), encSecKey: wrappedFor.encSecKey };
}

/**
 * `seal` under the build's `PUBLIC_RSA_KEY`. Read here rather than in the client so the PEM (about
 * 450 bytes that do not compress) ships in this lazy chunk, not with the page.
 * @example const form = sealRequest({ uid, app_sessionid, ts, nonce })
 */
export function sealRequest(body: object): Sealed {
  const publicKeyPem: string | undefined = import.meta.env.PUBLIC_RSA_KEY;
  return seal(body, publicKeyPem ?? '');
}
