import { describe, expect, it } from 'vitest';
import { checkText, textLength } from './rules';

describe('textLength', () => {
  it('counts code points of the trimmed text', () => {
    expect(textLength('  abc  ')).toBe(3);
    expect(textLength('👍🏽')).toBe(2);
    expect(textLength('歌词错了')).toBe(4);
    expect(textLength('a\u200bb')).toBe(3);
  });
});

describe('checkText', () => {
  it('takes text under 400 characters and refuses 400', () => {
    expect(checkText('x'.repeat(399))).toEqual({ ok: true, text: 'x'.repeat(399) });
    expect(checkText('x'.repeat(400))).toEqual({ ok: false, error: 'error.tooLong' });
    expect(checkText('😀'.repeat(399)).ok).toBe(true);
    expect(checkText('😀'.repeat(400)).ok).toBe(false);
    expect(checkText(`   ${'x'.repeat(399)}   `)).toEqual({ ok: true, text: 'x'.repeat(399) });
  });

  it('lets an optional text be empty and refuses an empty required one', () => {
    expect(checkText('  ')).toEqual({ ok: true, text: '' });
    expect(checkText(' \n ', { required: true })).toEqual({ ok: false, error: 'form.required' });
  });
});
