/**
 * The request seal of docs/api.md, browser side: AES-256-CBC with crypto-js under a fresh random key,
 * the key wrapped with RSA-OAEP by jsencrypt. Loaded only by the client's `import('./crypto')` on the
 * first request, so these two libraries never weigh on a page that makes no API call.
 */
// Single crypto-js modules, not 'crypto-js': the whole library (hashes, ciphers, KDFs we never use)
// would triple the chunk. core.js already carries Utf8; aes.js pulls cipher-core (CBC, Pkcs7).
import CryptoJS from 'crypto-js/core';
import AES from 'crypto-js/aes';
import Base64 from 'crypto-js/enc-base64';
import { JSEncrypt } from 'jsencrypt';

/**
 * Form fields of every request.
 * @example new URLSearchParams({ ...sealed })
 */
export interface Sealed {
  /** base64(IV ‖ AES-256-CBC ciphertext of the JSON body). */
  params: string;
  /** base64(RSA-OAEP-SHA256 of the 32-character AES key). */
  encSecKey: string;
}

/** The key is 32 characters from this alphabet; as UTF-8 (= ASCII) they are the 32 AES-256 key bytes. */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** The largest multiple of 62 that fits a byte: drawing below it keeps every character equally likely. */
const UNBIASED = 248;
/**
 * AES-256: 32 key bytes, here 32 ASCII characters.
 * @example randomString(KEY_LENGTH)
 */
export const KEY_LENGTH = 32;
/**
 * CBC's IV is one AES block; it leads the decoded `params`.
 * @example crypto.getRandomValues(new Uint8Array(IV_LENGTH))
 */
export const IV_LENGTH = 16;

/**
 * `length` characters drawn from Web Crypto (never Math.random), for the AES key and the nonce.
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
 * The `params` field for a given key and IV: deterministic, so docs/api.md can give a test vector.
 * The key goes through `Utf8.parse` (its 32 bytes are the key), never as a passphrase: a string key
 * would make crypto-js derive key and IV with OpenSSL's MD5 KDF instead.
 * @example sealParams('{"a":1}', '0123456789abcdefghijklmnopqrstuv', new Uint8Array(16)) // 'AAAA…'
 */
export function sealParams(json: string, key: string, iv: Uint8Array): string {
  if (key.length !== KEY_LENGTH || iv.length !== IV_LENGTH) throw new RangeError('AES key must be 32 chars, IV 16 bytes');
  const ivWords = toWordArray(iv);
  const { ciphertext } = AES.encrypt(CryptoJS.enc.Utf8.parse(json), CryptoJS.enc.Utf8.parse(key), {
    iv: ivWords,
    mode: CryptoJS.mode.CBC,
    padding: CryptoJS.pad.Pkcs7,
  });
  // The IV travels in front of the ciphertext: one field, and the server needs no second secret.
  return Base64.stringify(ivWords.clone().concat(ciphertext));
}

/**
 * The AES key wrapped for the server. jsencrypt's `encryptOAEP` is RSA-OAEP with SHA-256 for both the
 * label hash and MGF1, empty label (fixed in jsencrypt 3.x `oaep_pad`; not configurable).
 * @example wrapKey(randomString(32), publicPem) // 344 base64 characters for RSA-2048
 */
export function wrapKey(key: string, publicKeyPem: string): string {
  // An empty key would make jsencrypt generate a random key pair and encrypt for nobody, silently.
  if (!publicKeyPem.trim()) throw new Error('No RSA public key (PUBLIC_RSA_KEY is not set)');
  const rsa = new JSEncrypt();
  rsa.setPublicKey(publicKeyPem);
  const wrapped = rsa.encryptOAEP(key);
  // jsencrypt reports a bad PEM or a too-short key as `false`, not as an exception.
  if (!wrapped) throw new Error('RSA public key rejected (PUBLIC_RSA_KEY)');
  return wrapped;
}

/**
 * Seals a JSON-serialisable body with a fresh key and IV for this request only.
 * @example const { params, encSecKey } = seal({ uid: 'u1', ts: Date.now() }, import.meta.env.PUBLIC_RSA_KEY)
 */
export function seal(body: object, publicKeyPem: string): Sealed {
  const key = randomString(KEY_LENGTH);
  const iv = crypto.getRandomValues(new Uint8Array(IV_LENGTH));
  return { params: sealParams(JSON.stringify(body), key, iv), encSecKey: wrapKey(key, publicKeyPem) };
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
