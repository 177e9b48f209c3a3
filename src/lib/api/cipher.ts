/**
 * The request seal of docs/api.md, its cipher work: encrypt-then-MAC (AES-256-CBC, then HMAC-SHA-256 over IV ‖
 * ciphertext) under two keys drawn once per page, both wrapped in one RSA-OAEP-SHA-256 block. Sealed
 * with Web Crypto, native and free, wherever the WebView offers it (`crypto.subtle`: a secure context
 * on Chromium 37+); crypto-js and jsencrypt (./crypto, 25 KB gzip) load only where it does not, and
 * produce the same bytes (tests cross-check both). No import at run time, not even the libraries' lazy one
 * (the caller passes it): this module's chunk runs without core, at the first paint (./seal.ts).
 */

import type { PageKeys, Sealed, Sealer } from './sealer';

export type { PageKeys, Sealed, Sealer };

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
 * Two fresh 32-byte keys from Web Crypto (`getRandomValues` needs no secure context).
 * @example const keys = drawPageKeys()
 */
export function drawPageKeys(): PageKeys {
  return { aesKey: crypto.getRandomValues(new Uint8Array(KEY_BYTES)), macKey: crypto.getRandomValues(new Uint8Array(KEY_BYTES)) };
}

/**
 * The text RSA wraps: AES key ‖ MAC key as 128 lowercase hex digits (ASCII, so one byte per digit on
 * both paths: jsencrypt takes each `charCodeAt` as a byte).
 * @example encodeKeys({ aesKey: new Uint8Array(32), macKey: new Uint8Array(32).fill(255) }) // '00…00ff…ff'
 */
export function encodeKeys({ aesKey, macKey }: PageKeys): string {
  if (aesKey.length !== KEY_BYTES || macKey.length !== KEY_BYTES) throw new RangeError('AES and MAC keys must be 32 bytes each');
  return [...aesKey, ...macKey].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  // By the byte: spreading a long body into fromCharCode's arguments would overflow the stack.
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Web Crypto's seal: the same bytes as the libraries' for the same keys and IV. */
export const webSealer: Sealer = {
  async sealParams(json, keys, iv) {
    const { subtle } = crypto;
    const aes = await subtle.importKey('raw', keys.aesKey as BufferSource, 'AES-CBC', false, ['encrypt']);
    const mac = await subtle.importKey('raw', keys.macKey as BufferSource, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    // AES-CBC in Web Crypto pads with PKCS#7, as crypto-js's Pkcs7 does.
    const ciphertext = new Uint8Array(await subtle.encrypt({ name: 'AES-CBC', iv: iv as BufferSource }, aes, new TextEncoder().encode(json)));
    const signed = new Uint8Array(IV_LENGTH + ciphertext.length);
    signed.set(iv);
    signed.set(ciphertext, IV_LENGTH);
    const tag = new Uint8Array(await subtle.sign('HMAC', mac, signed));
    const out = new Uint8Array(signed.length + tag.length);
    out.set(signed);
    out.set(tag, signed.length);
    return toBase64(out);
  },
  async wrap(text, publicKeyPem) {
    const der = Uint8Array.from(atob(publicKeyPem.replace(/-----[^-]+-----|\s/g, '')), (c) => c.charCodeAt(0));
    let key: CryptoKey;
    try {
      key = await crypto.subtle.importKey('spki', der, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
    } catch {
      throw new Error('RSA public key rejected (PUBLIC_RSA_KEY)');
    }
    return toBase64(new Uint8Array(await crypto.subtle.encrypt('RSA-OAEP', key, new TextEncoder().encode(text))));
  },
};

/**
 * The `params` field for given keys and IV: deterministic, so docs/api.md can give a test vector.
 * Encrypt, then MAC the IV and ciphertext, so the server checks integrity before it decrypts.
 * @example await sealParams('{"a":1}', keys, new Uint8Array(16)) // 'AAAA…' (IV, ciphertext, 32-byte MAC)
 */
export async function sealParams(json: string, keys: PageKeys, iv: Uint8Array, sealer: Sealer = webSealer): Promise<string> {
  if (keys.aesKey.length !== KEY_BYTES || keys.macKey.length !== KEY_BYTES || iv.length !== IV_LENGTH) {
    throw new RangeError('AES and MAC keys must be 32 bytes, the IV 16');
  }
  return sealer.sealParams(json, keys, iv);
}

/**
 * The page keys wrapped for the server.
 * @example await wrapKeys(drawPageKeys(), publicPem) // 344 base64 characters for RSA-2048
 */
export async function wrapKeys(keys: PageKeys, publicKeyPem: string, sealer: Sealer = webSealer): Promise<string> {
  // An empty key would make jsencrypt generate a random key pair and encrypt for nobody, silently.
  if (!publicKeyPem.trim()) throw new Error('No RSA public key (PUBLIC_RSA_KEY is not set)');
  return sealer.wrap(encodeKeys(keys), publicKeyPem);
}

/**
 * The libraries' seal, loaded only where Web Crypto is missing or refuses (an insecure context, an
 * old WebView without RSA-OAEP-SHA-256): the client passes `() => import('./crypto')`. Without one,
 * such a WebView cannot seal.
 */
export type LibrarySealer = () => Promise<Sealer>;
const noLibraries: LibrarySealer = () => Promise.reject(new Error('Web Crypto cannot seal here, and no library sealer was given'));

// One pair of keys per page (this module's lifetime), wrapped once per public key: the RSA step,
// the slow part on both ends, runs once per page rather than once per request.
let pageKeys: PageKeys | undefined;
let sealer: Sealer | undefined;
let wrappedFor: { publicKeyPem: string; encSecKey: Promise<string> } | undefined;

/**
 * Seals a JSON-serialisable body under the page's keys with a fresh IV for this request. The first
 * call decides the path: Web Crypto if it wraps the keys, the libraries otherwise.
 * @example const { params, encSecKey } = await seal({ uid: 'u1', ts: Date.now() }, publicPem)
 */
export async function seal(body: object, publicKeyPem: string, fallback: LibrarySealer = noLibraries): Promise<Sealed> {
  pageKeys ??= drawPageKeys();
  const keys = pageKeys;
  if (wrappedFor?.publicKeyPem !== publicKeyPem) {
    const encSecKey = (async () => {
      if (!sealer && typeof crypto !== 'undefined' && crypto.subtle) {
        try {
          const wrapped = await wrapKeys(keys, publicKeyPem);
          sealer = webSealer;
          return wrapped;
        } catch (err) {
          // No key at all: the libraries would not do better.
          if (!publicKeyPem.trim()) throw err;
        }
      }
      sealer ??= await fallback();
      return wrapKeys(keys, publicKeyPem, sealer);
    })();
    wrappedFor = { publicKeyPem, encSecKey };
    // A failed wrap (a bad key) is not kept: the next request tries again.
    encSecKey.catch(() => wrappedFor?.encSecKey === encSecKey && (wrappedFor = undefined));
  }
  const encSecKey = await wrappedFor.encSecKey;
  const iv = crypto.getRandomValues(new Uint8Array(IV_LENGTH));
  return { params: await sealParams(JSON.stringify(body), keys, iv, sealer), encSecKey };
}

/**
 * `seal` under the build's `PUBLIC_RSA_KEY`. Read here rather than in the client so the PEM (about
 * 450 bytes that do not compress) ships in this lazy chunk, not with the page.
 * @example const form = await sealRequest({ uid, app_sessionid, ts, nonce }, () => import('./crypto'))
 */
export function sealRequest(body: object, fallback?: LibrarySealer): Promise<Sealed> {
  const publicKeyPem: string | undefined = import.meta.env.PUBLIC_RSA_KEY;
  return seal(body, publicKeyPem ?? '', fallback);
}
