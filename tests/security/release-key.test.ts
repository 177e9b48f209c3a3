/**
 * `npm run build:release` must never ship a key pair whose private half is in this repository, nor
 * anything the pages cannot encrypt for (docs/deploy.md). The decision, then the script itself.
 */
import { spawnSync } from 'node:child_process';
import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkReleaseKey } from '../../scripts/lib/release-key.mjs';

const DEV_PUBLIC = readFileSync('server/dev-keys/public.pem', 'utf8');
const DEV_PRIVATE = readFileSync('server/dev-keys/private.pem', 'utf8');
const TEST_PUBLIC = readFileSync('tests/fixtures/keys/public.pem', 'utf8');
const rsa = (modulusLength: number) =>
  generateKeyPairSync('rsa', { modulusLength, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
const production = rsa(2048);

const refusal = (pem: string | undefined) => {
  const verdict = checkReleaseKey(pem);
  if (verdict.ok) throw new Error('accepted');
  return verdict.message;
};

describe('checkReleaseKey', () => {
  it('accepts a fresh RSA public key of 2048 bits or more', () => {
    expect(checkReleaseKey(production.publicKey)).toEqual({ ok: true });
    expect(checkReleaseKey(`\n${production.publicKey.replace(/\n/g, '\r\n')}  `)).toEqual({ ok: true });
  });

  it.each([
    ['unset', undefined],
    ['empty', ''],
    ['blank', ' \n\t'],
  ])('refuses a key that is %s', (_name, pem) => {
    expect(refusal(pem)).toMatch(/PUBLIC_RSA_KEY is not set/);
  });

  it('refuses the development key, however its text is dressed', () => {
    const body = DEV_PUBLIC.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');
    const rewrapped = `-----BEGIN PUBLIC KEY-----\n${body.match(/.{1,76}/g)!.join('\n')}\n-----END PUBLIC KEY-----\n`;
    const pkcs1 = createPublicKey(DEV_PUBLIC).export({ type: 'pkcs1', format: 'pem' }).toString();
    const indented = DEV_PUBLIC.replace(/^/gm, '    ');
    for (const pem of [DEV_PUBLIC, DEV_PUBLIC.replace(/\n/g, '\r\n'), `\n\n${DEV_PUBLIC}  \n`, indented, rewrapped, pkcs1]) {
      expect(refusal(pem)).toMatch(/the development key \(server\/dev-keys\/public\.pem\)/);
    }
    expect(rewrapped).not.toBe(DEV_PUBLIC);
  });

  it('refuses the development key next to a good one, in either order', () => {
    expect(refusal(`${DEV_PUBLIC}${production.publicKey}`)).toMatch(/the development key/);
    expect(refusal(`${production.publicKey}${DEV_PUBLIC}`)).toMatch(/not one "-----BEGIN PUBLIC KEY-----" block/);
  });

  it("refuses the unit tests' key too: its private half is in the repository as well", () => {
    expect(refusal(TEST_PUBLIC)).toMatch(/unit tests' key/);
  });

  it('refuses a private key rather than shipping it in every page', () => {
    expect(refusal(DEV_PRIVATE)).toMatch(/PRIVATE key/);
    expect(refusal(production.privateKey)).toMatch(/PRIVATE key/);
  });

  it.each([
    ['text that is no key', 'hello'],
    ['a PEM block that is no key', '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n'],
  ])('refuses %s', (_name, pem) => {
    expect(refusal(pem)).toMatch(/not a PEM public key/);
  });

  it('refuses keys the pages cannot use: PKCS#1 form, not RSA, or under 2048 bits', () => {
    const pkcs1 = createPublicKey(production.publicKey).export({ type: 'pkcs1', format: 'pem' }).toString();
    expect(refusal(pkcs1)).toMatch(/BEGIN PUBLIC KEY/);
    const ec = generateKeyPairSync('ec', {
      namedCurve: 'P-256',
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    expect(refusal(ec.publicKey)).toMatch(/ec key, not RSA/);
    expect(refusal(rsa(1024).publicKey)).toMatch(/RSA-1024; it must be at least 2048 bits/);
  });

  it('says in one paragraph what to do', () => {
    const message = refusal(undefined);
    expect(message).not.toMatch(/\n/);
    expect(message).toMatch(/docs\/deploy\.md/);
    expect(message).toMatch(/npm run build` still builds with the development key/);
  });
});

describe('npm run build:release', () => {
  const run = (env: Record<string, string | undefined>) => {
    const { PUBLIC_RSA_KEY: _drop, ...rest } = process.env;
    return spawnSync(process.execPath, ['scripts/build-release.mjs'], { env: { ...rest, ...env }, encoding: 'utf8', timeout: 30_000 });
  };

  it('fails before building when PUBLIC_RSA_KEY is missing', () => {
    const result = run({});
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^npm run build:release: PUBLIC_RSA_KEY is not set\. Set PUBLIC_RSA_KEY in the environment/);
    expect(result.stdout).not.toMatch(/building/);
  });

  it('fails before building when PUBLIC_RSA_KEY is the development key', () => {
    const result = run({ PUBLIC_RSA_KEY: DEV_PUBLIC.replace(/\n/g, '\r\n') });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/the development key/);
    expect(result.stdout).not.toMatch(/building/);
  });
});
