import { describe, expect, it } from 'vitest';
import { highlight, remember } from './highlight';

const marks = (text: string, query: string) =>
  highlight(text, query)
    .map((p) => (p.match ? `[${p.text}]` : p.text))
    .join('');

describe('highlight', () => {
  it('marks every word of the query, case-insensitively, merging touching matches', () => {
    expect(marks('Lyrics out of sync', 'sync LYR')).toBe('[Lyr]ics out of [sync]');
    expect(marks('aaaa', 'aa')).toBe('[aaaa]');
    expect(marks('歌词不同步怎么办', '歌词')).toBe('[歌词]不同步怎么办');
    expect(marks('เนื้อเพลงไม่ตรง', 'เพลง')).toBe('เนื้อ[เพลง]ไม่ตรง');
  });

  it('keeps text that looks like markup as text', () => {
    expect(highlight('<b>x</b>', 'b')).toEqual([
      { text: '<', match: false },
      { text: 'b', match: true },
      { text: '>x</', match: false },
      { text: 'b', match: true },
      { text: '>', match: false },
    ]);
  });

  it('marks nothing for an empty query, and the whole letter where folding changes the length', () => {
    expect(highlight('Playback', '  ')).toEqual([{ text: 'Playback', match: false }]);
    expect(marks('İstanbul', 'ist')).toBe('[İst]anbul');
  });

  it('marks what the search found without accents, in precomposed and decomposed text alike (vi-VN)', () => {
    expect(marks('Lời bài hát lấy từ đâu?', 'loi bai hat')).toBe('[Lời] [bài] [hát] lấy từ đâu?');
    expect(marks('Lời bài'.normalize('NFD'), 'LOI')).toBe(`[${'Lời'.normalize('NFD')}] ${'bài'.normalize('NFD')}`);
    expect(marks('Đăng nhập', 'dang')).toBe('[Đăng] nhập');
    expect(marks('ขอคืนเงิน', 'คืนเงิน')).toBe('ขอ[คืนเงิน]');
  });
});

describe('remember', () => {
  it('puts the newest first, once, and keeps at most eight', () => {
    expect(remember(['lyrics', 'vip'], ' Lyrics ')).toEqual(['Lyrics', 'vip']);
    expect(remember(['a'], '  ')).toEqual(['a']);
    expect(remember(['1', '2', '3', '4', '5', '6', '7', '8'], '9')).toEqual(['9', '1', '2', '3', '4', '5', '6', '7']);
  });
});
