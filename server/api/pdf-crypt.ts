/**
 * PDF standard security, AES-256 (ISO 32000-2 §7.6.4: V 5, R 6, crypt filter AESV3): the security
 * handler of the personal-data export. A random 256-bit file key encrypts every string and stream
 * (AES-256-CBC, a random IV before the ciphertext, PKCS#7 padding; revision 6 uses the file key as
 * is for every object). The key is stored wrapped twice: under the user password (U, UE) and under
 * the owner password (O, OE); Perms binds the permissions to it.
 *
 * The owner password is random and thrown away: the file's permissions grant everything, so no one
 * needs it, and the user password (the six digits the user chose) is the only way in.
 */
import { createCipheriv, createHash, randomBytes } from 'node:crypto';

/** Every permission granted (bits 3–12 set; bits 1–2 must be 0; the reserved high bits are 1). */
export const ALL_PERMISSIONS = -4;

/**
 * A password as revision 6 takes it: SASLprep'd UTF-8, at most 127 bytes. NFKC is the normalisation
 * SASLprep applies; the export's passwords are ASCII digits, for which it changes nothing.
 * @example passwordBytes('123456') // <Buffer 31 32 33 34 35 36>
 */
export const passwordBytes = (password: string) => Buffer.from(password.normalize('NFKC'), 'utf8').subarray(0, 127);

/**
 * Algorithm 2.B (ISO 32000-2 §7.6.4.3.4): the hash revision 6 derives keys and checks passwords with.
 * `userKey` is the 48-byte U entry when hashing an owner password, empty for the user password.
 * @example hashR6(passwordBytes('123456'), validationSalt, Buffer.alloc(0)) // 32 bytes: U[0..32)
 */
export function hashR6(password: Buffer, salt: Buffer, userKey: Buffer): Buffer {
  let k = createHash('sha256')
    .update(Buffer.concat([password, salt, userKey]))
    .digest();
  let e = Buffer.alloc(0);
  // At least 64 rounds, then on until E's last byte is at most the round number − 32.
  for (let round = 0; round < 64 || e[e.length - 1]! > round - 32; round++) {
    const k1 = Buffer.concat(Array<Buffer>(64).fill(Buffer.concat([password, k, userKey])));
    const cipher = createCipheriv('aes-128-cbc', k.subarray(0, 16), k.subarray(16, 32)).setAutoPadding(false);
    e = Buffer.concat([cipher.update(k1), cipher.final()]);
    // E's first 16 bytes as a big number, mod 3: since 256 ≡ 1 (mod 3) that is the byte sum mod 3.
    let sum = 0;
    for (let i = 0; i < 16; i++) sum += e[i]!;
    k = createHash(['sha256', 'sha384', 'sha512'][sum % 3]!)
      .update(e)
      .digest();
  }
  return k.subarray(0, 32);
}

const wrapKey = (key: Buffer, fileKey: Buffer) => {
  // UE and OE: AES-256, no padding, zero IV (the standard's choice; the wrapped value is random).
  const cipher = createCipheriv('aes-256-cbc', key, Buffer.alloc(16)).setAutoPadding(false);
  return Buffer.concat([cipher.update(fileKey), cipher.final()]);
};

/** The values of the trailer's /Encrypt dictionary, and the key that encrypts the document. */
export interface Aes256Security {
  fileKey: Buffer;
  /** 48 bytes: hash of the user password ‖ validation salt ‖ key salt. */
  U: Buffer;
  /** 32 bytes: the file key under the user password. */
  UE: Buffer;
  /** 48 bytes: hash of the owner password (with U) ‖ validation salt ‖ key salt. */
  O: Buffer;
  /** 32 bytes: the file key under the owner password. */
  OE: Buffer;
  /** 16 bytes: the permissions, encrypted with the file key. */
  Perms: Buffer;
  P: number;
}

/**
 * Algorithms 8, 9 and 10 (ISO 32000-2 §7.6.4.4.7–9): a fresh file key, and U/UE, O/OE and Perms
 * for the user password, a random owner password, and every permission.
 * @example const security = aes256Security('123456') // security.U.length === 48
 */
export function aes256Security(userPassword: string, ownerPassword: Buffer = randomBytes(32), permissions = ALL_PERMISSIONS): Aes256Security {
  const fileKey = randomBytes(32);
  const user = passwordBytes(userPassword);
  const [userValidation, userKeySalt] = [randomBytes(8), randomBytes(8)];
  const U = Buffer.concat([hashR6(user, userValidation, Buffer.alloc(0)), userValidation, userKeySalt]);
  const UE = wrapKey(hashR6(user, userKeySalt, Buffer.alloc(0)), fileKey);
  const owner = ownerPassword.subarray(0, 127);
  const [ownerValidation, ownerKeySalt] = [randomBytes(8), randomBytes(8)];
  const O = Buffer.concat([hashR6(owner, ownerValidation, U), ownerValidation, ownerKeySalt]);
  const OE = wrapKey(hashR6(owner, ownerKeySalt, U), fileKey);
  // Perms: P (low byte first, widened to 8 bytes with 0xFF), 'T' (metadata encrypted too), 'adb', 4 random bytes.
  const perms = Buffer.alloc(16, 0xff);
  perms.writeInt32LE(permissions, 0);
  perms.write('Tadb', 8, 'latin1');
  randomBytes(4).copy(perms, 12);
  const ecb = createCipheriv('aes-256-ecb', fileKey, null).setAutoPadding(false);
  const Perms = Buffer.concat([ecb.update(perms), ecb.final()]);
  return { fileKey, U, UE, O, OE, Perms, P: permissions };
}

/**
 * A string's or a stream's bytes as the AESV3 filter stores them: a random IV, then AES-256-CBC
 * with PKCS#7 padding under the file key.
 * @example encryptAesV3(security.fileKey, Buffer.from('Adobe')) // 32 bytes: IV ‖ one block
 */
export function encryptAesV3(fileKey: Buffer, data: Buffer): Buffer {
  const iv = randomBytes(16);
  const cipher = createCipheriv('aes-256-cbc', fileKey, iv);
  return Buffer.concat([iv, cipher.update(data), cipher.final()]);
}
