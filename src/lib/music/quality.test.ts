import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../../tests/fixtures/memory-storage';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

// The module reads storage once, as it loads: each case loads it afresh over its own storage.
async function load(stored: string | null) {
  const storage = memoryStorage();
  if (stored !== null) storage.setItem('music.quality', stored);
  vi.stubGlobal('localStorage', storage);
  return { storage, ...(await import('./quality')) };
}

describe('the remembered quality', () => {
  it.each([
    ['high', 'high'],
    ['lossless', 'lossless'],
    ['ultra', 'standard'],
    ['<img src=x>', 'standard'],
    [null, 'standard'],
  ])('%s in storage reads as %s', async (stored, expected) => {
    expect((await load(stored)).$quality.get()).toBe(expected);
  });

  it('a choice is remembered; a refused one is not', async () => {
    const { storage, chooseQuality } = await load(null);
    chooseQuality('high');
    expect(storage.getItem('music.quality')).toBe('high');
    expect(chooseQuality('lossless')).toBe(false);
    expect(storage.getItem('music.quality')).toBe('high');
  });

  it('storage that throws leaves the default', async () => {
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    });
    const { $quality, chooseQuality } = await import('./quality');
    expect($quality.get()).toBe('standard');
    expect(chooseQuality('high')).toBe(true);
    expect($quality.get()).toBe('high');
  });
});
