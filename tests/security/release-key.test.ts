import { spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { releaseKeyProblem } from '../../scripts/lib/release-key.mjs';

const DEV = readFileSync('server/dev-keys/public.pem', 'utf8');
const pem = (bits: number) => generateKeyPairSync('rsa', { modulusLength: bits }).publicKey.export({ type: 'spki', format: 'pem' }).toString();

describe('the key a release build may ship', () => {
  it('refuses no key, an empty one, and text that is not a key', () => {
    expect(releaseKeyProblem(undefined)).toMatch(/not set/);
    expect(releaseKeyProblem('  \n')).toMatch(/not set/);
    expect(releaseKeyProblem('-----BEGIN PUBLIC KEY-----\nnope\n-----END PUBLIC KEY-----')).toMatch(/not a PEM/);
  });

  it('refuses the development key, however its PEM is wrapped', () => {
    expect(releaseKeyProblem(DEV)).toMatch(/development key/);
    const body = DEV.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
    const rewrapped = `-----BEGIN PUBLIC KEY-----\r\n${body.match(/.{1,76}/g)!.join('\r\n')}\r\n-----END PUBLIC KEY-----\r\n`;
    expect(releaseKeyProblem(rewrapped)).toMatch(/development key/);
  });

  it('refuses keys too short for the seal, and keys that are not RSA', () => {
    expect(releaseKeyProblem(pem(1024))).toMatch(/1024-bit/);
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
    expect(releaseKeyProblem(ec)).toMatch(/ec key/);
  });

  it('accepts another RSA-2048 key', () => {
    expect(releaseKeyProblem(pem(2048))).toBeNull();
  });

  it('npm run build:release stops before building, with the reason, without a key or with the development key', () => {
    for (const key of [undefined, DEV]) {
      const env = { ...process.env, PUBLIC_RSA_KEY: key };
      if (key === undefined) delete env.PUBLIC_RSA_KEY;
      const run = spawnSync(process.execPath, ['scripts/build-release.mjs'], { env, encoding: 'utf8' });
      expect(run.status).toBe(1);
      expect(run.stderr).toMatch(/^build:release refused: PUBLIC_RSA_KEY (is not set|is the development key)/);
    }
  });
});
