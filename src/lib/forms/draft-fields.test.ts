import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ATTACHMENT_MAX } from '../../shared/limits';
import { draftAttempt, draftChoice, draftFlag, draftId, draftPictures, draftText, draftUploads } from './draft-fields';

const JUNK = [42, -1, null, undefined, true, [], ['a'], {}, { length: 1 }, 'x'.repeat(5000)];

describe('draft fields', () => {
  it('fall back to the empty value for anything of the wrong type or size', () => {
    for (const junk of JUNK) {
      expect(v.parse(draftText, junk)).toBe('');
      expect(v.parse(draftChoice(['spam', 'other']), junk)).toBeNull();
      expect(v.parse(draftId, junk)).toBeNull();
      expect(v.parse(draftFlag(true), junk)).toBe(true);
      expect(v.parse(draftUploads, junk)).toEqual([]);
    }
    expect(v.parse(draftText, 'typed')).toBe('typed');
    expect(v.parse(draftChoice(['spam', 'other']), 'hack')).toBeNull();
    expect(v.parse(draftChoice(['spam', 'other']), 'other')).toBe('other');
  });

  it('refuse a draft without its attempt key', () => {
    for (const junk of [...JUNK, 'short']) expect(v.safeParse(draftAttempt, junk).success).toBe(false);
    expect(v.safeParse(draftAttempt, 'k'.repeat(32)).success).toBe(true);
  });

  it('keep only finished uploads with a URL, at most three', () => {
    const done = { id: 'f1', name: 'a.mp4', mime: 'video/mp4', size: 10, url: 'https://cdn.example.com/f1', state: 'done' };
    const read = v.parse(draftUploads, [
      done,
      { ...done, id: 'f2', state: 'uploading' },
      { ...done, id: 'f3', url: 5 },
      { ...done, id: 'f4', size: -1 },
      'x',
      null,
      ...Array.from({ length: 5 }, (_, i) => ({ ...done, id: `g${i}` })),
    ]);
    expect(read).toHaveLength(ATTACHMENT_MAX);
    expect(read[0]).toEqual({ ...done, progress: 100 });
    expect(read.every((u) => u.state === 'done' && u.url)).toBe(true);
  });
});

const readPictures = (value: unknown) => v.parse(draftPictures, value);

describe('screenshots read back from a draft', () => {
  it('keeps only pictures the screenshot rule takes, from whatever storage holds', () => {
    const good = { id: 'a', name: 'a.png', size: 1, mime: 'image/png' };
    expect(
      readPictures([good, { id: 1, name: 'b.png', size: 1, mime: 'image/png' }, { ...good, id: 'g', mime: 'image/gif', name: 'g.gif' }, null, 'x']),
    ).toEqual([good]);
    expect(readPictures('not a list')).toEqual([]);
    expect(readPictures(Array.from({ length: 7 }, (_, i) => ({ ...good, id: `p${i}` })))).toHaveLength(5);
  });
});
