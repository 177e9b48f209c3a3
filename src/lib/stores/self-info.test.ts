import { afterEach, describe, expect, it } from 'vitest';
import { $selfInfo, setSelfInfo } from './self-info';

const FULL = {
  uid: 'u-1',
  dev_pid: 'p-9',
  dev_channel: 'oppo_store',
  dev_region: 'TH',
  dev_timezone: 'Asia/Bangkok',
  dev_language: 'th',
  dev_app_version: '12.3.0',
  dev_manufacturer: 'OPPO',
  dev_model: 'CPH2451',
};

afterEach(() => setSelfInfo({}));

describe('setSelfInfo', () => {
  it('keeps the nine selfInfo fields of spec §3', () => {
    setSelfInfo(FULL);
    expect($selfInfo.get()).toEqual(FULL);
  });

  it('drops unknown keys such as a token', () => {
    setSelfInfo({ ...FULL, token: 'secret', package: 'com.example', brand: 'OPPO', __proto__: { uid: 'x' } });
    expect(Object.keys($selfInfo.get()).sort()).toEqual(Object.keys(FULL).sort());
    expect(JSON.stringify($selfInfo.get())).not.toContain('secret');
  });

  it('turns values that are not text into empty strings', () => {
    const info = setSelfInfo({ uid: { id: 1 }, dev_pid: null, dev_channel: ['a'], dev_region: true, dev_model: Number.NaN });
    expect(info).toMatchObject({ uid: '', dev_pid: '', dev_channel: '', dev_region: '', dev_model: '' });
  });

  it('keeps numbers the host sends for ids as text', () => {
    expect(setSelfInfo({ uid: 42, dev_app_version: 120300 })).toMatchObject({ uid: '42', dev_app_version: '120300' });
  });

  it('does not take values from the prototype chain', () => {
    const info = setSelfInfo(Object.create({ uid: 'inherited' }));
    expect(info.uid).toBe('');
  });

  it('reads a non-object as all empty', () => {
    setSelfInfo(FULL);
    setSelfInfo('{"uid":"1"}');
    expect(Object.values($selfInfo.get()).every((value) => value === '')).toBe(true);
  });

  it('empties absurdly long values', () => {
    expect(setSelfInfo({ dev_model: 'x'.repeat(10_000) }).dev_model).toBe('');
  });
});
