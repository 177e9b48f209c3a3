/**
 * The seal's shapes, shared by the seal (./seal.ts, Web Crypto) and the library fallback (./crypto.ts,
 * crypto-js and jsencrypt) without either importing the other's module: types only, nothing at run time.
 */

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

/**
 * How a page seals: Web Crypto, or the libraries where the WebView has none. The raw operations;
 * `sealParams` and `wrapKeys` below check their input first.
 */
export interface Sealer {
  /** base64(IV ‖ AES-256-CBC/PKCS#7 of the UTF-8 JSON ‖ HMAC-SHA-256 of the two). */
  sealParams(json: string, keys: PageKeys, iv: Uint8Array): Promise<string> | string;
  /** base64(RSA-OAEP, SHA-256 for hash and MGF1, empty label, of the ASCII text); throws 'rejected' for a key it cannot use. */
  wrap(text: string, publicKeyPem: string): Promise<string> | string;
}
