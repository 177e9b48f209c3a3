/**
 * The request seal by crypto-js and jsencrypt, for a WebView without Web Crypto (./seal.ts says when):
 * the same bytes as Web Crypto's for the same keys and IV. A chunk of its own, 25 KB gzip, that a
 * WebView with `crypto.subtle` never loads.
 */
// Single crypto-js modules, not 'crypto-js': the whole library (hashes, ciphers, KDFs we never use)
// would triple the chunk. core.js already carries Utf8 and Hex; aes.js pulls cipher-core (CBC, Pkcs7).
import CryptoJS from 'crypto-js/core';
import AES from 'crypto-js/aes';
import HmacSHA256 from 'crypto-js/hmac-sha256';
import Base64 from 'crypto-js/enc-base64';
import { JSEncrypt } from 'jsencrypt';
import type { PageKeys } from './sealer';

// crypto-js works on WordArrays (big-endian 32-bit words); this avoids shipping lib-typedarrays.
function toWordArray(bytes: Uint8Array): CryptoJS.lib.WordArray {
  const words: number[] = [];
  bytes.forEach((byte, i) => {
    words[i >>> 2] = (words[i >>> 2] ?? 0) | (byte << (24 - (i % 4) * 8));
  });
  return CryptoJS.lib.WordArray.create(words, bytes.length);
}

/**
 * `Sealer.sealParams` (./seal.ts, which checks the sizes: crypto-js would take a 16-byte key as
 * AES-128). The key is a WordArray, never a string: a string key would make crypto-js derive key and
 * IV from it as a passphrase (OpenSSL's MD5 KDF).
 * @example sealParams('{"a":1}', keys, new Uint8Array(16)) // 'AAAA…' (IV, ciphertext, 32-byte MAC)
 */
export function sealParams(json: string, keys: PageKeys, iv: Uint8Array): string {
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
 * `Sealer.wrap`. jsencrypt's `encryptOAEP` is RSA-OAEP with SHA-256 for both the label hash and
 * MGF1, empty label (fixed in jsencrypt 3.x `oaep_pad`; not configurable); it takes each `charCodeAt`
 * of the text as one byte, which the ASCII hex of the keys is.
 * @example wrap(encodeKeys(keys), publicPem) // 344 base64 characters for RSA-2048
 */
export function wrap(text: string, publicKeyPem: string): string {
  const rsa = new JSEncrypt();
  rsa.setPublicKey(publicKeyPem);
  const wrapped = rsa.encryptOAEP(text);
  // jsencrypt reports a bad PEM or a too-short key as `false`, not as an exception.
  if (!wrapped) throw new Error('RSA public key rejected (PUBLIC_RSA_KEY)');
  return wrapped;
}
