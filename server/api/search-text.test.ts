import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../src/shared/locale';
import { fold } from '../../src/shared/fold';
import { matcher, needles } from './search-text';
import SYNONYMS from './search-synonyms.json';

const finds = (query: string, text: string, locale: (typeof LOCALES)[number]) =>
  needles(query, locale).every((alternatives) => matcher(alternatives, locale)(fold(text)));

describe('fold', () => {
  it('drops case and accents, in precomposed and decomposed text alike', () => {
    expect(fold('Lời Bài Hát')).toBe('loi bai hat');
    expect(fold('Lời Bài Hát'.normalize('NFD'))).toBe('loi bai hat');
    expect(fold('Đăng nhập')).toBe('dang nhap');
    expect(fold('đ Đ')).toBe('d d');
    expect(fold('Café  PEMBAYARAN\tbalik')).toBe('cafe pembayaran balik');
    expect(fold('ＶＩＰ　会员')).toBe('vip 会员');
  });

  it('keeps Thai vowels and tone marks, and Chinese as it is', () => {
    expect(fold('คืนเงิน')).toBe('คืนเงิน'.normalize('NFKD').normalize('NFC'));
    // The marks are the word: without them คืน (return) would read คน (person).
    expect(fold('คืนเงิน')).not.toBe(fold('คนเงน'));
    expect(fold('สมาชิก')).toContain('ิ');
    expect(fold('退款 會員')).toBe('退款 會員');
  });
});

describe('needles', () => {
  it('turns a term of a synonym group into the whole group, the longest term first', () => {
    expect(needles('thành viên', 'vi-VN')).toEqual([['goi hoi vien', 'hoi vien', 'thanh vien']]);
    expect(needles('Bayaran Balik keahlian', 'ms-MY')).toEqual([
      ['bayaran balik', 'refund', 'pulangan wang', 'wang balik', 'pengembalian dana'],
      ['keahlian', 'ahli', 'membership'],
    ]);
    // A term inside a longer word of the query is that word's, not the term's.
    expect(needles('keahlianku', 'ms-MY')).toEqual([['keahlianku']]);
  });

  it('finds terms inside Chinese and Thai text, which has no spaces', () => {
    expect(needles('会员退款', 'zh-CN')).toEqual(expect.arrayContaining([expect.arrayContaining(['退款', '退钱']), expect.arrayContaining(['会员', '會員'])]));
    expect(needles('ขอคืนเงิน', 'th-TH')).toEqual(expect.arrayContaining([expect.arrayContaining(['คืนเงิน', 'รีฟันด์']), ['ขอ']]));
  });

  it('is empty for a blank query and keeps other words as they are typed', () => {
    expect(needles('   ', 'en-US')).toEqual([]);
    expect(needles('Lyrics SYNC', 'en-US')).toEqual([['lyrics'], ['sync']]);
  });
});

describe('matching', () => {
  it('finds Vietnamese without its accents, and the synonym the copy uses', () => {
    expect(finds('loi bai hat', 'Lời bài hát lấy từ đâu?', 'vi-VN')).toBe(true);
    expect(finds('LỜI BÀI HÁT', 'Lời bài hát lấy từ đâu?', 'vi-VN')).toBe(true);
    expect(finds('thanh vien', 'Quyền lợi của hội viên', 'vi-VN')).toBe(true);
    expect(finds('dang nhap', 'Đăng nhập đã hết hạn', 'vi-VN')).toBe(true);
  });

  it('matches Vietnamese syllables whole, and other Latin words by their start', () => {
    expect(finds('xu', 'Tải xuống bài hát', 'vi-VN')).toBe(false);
    expect(finds('xu', 'Nạp xu', 'vi-VN')).toBe(true);
    expect(finds('lyric', 'Why does a song have no lyrics?', 'en-US')).toBe(true);
    expect(finds('yrics', 'Why does a song have no lyrics?', 'en-US')).toBe(false);
  });

  it('finds Chinese and Thai anywhere, and the other script of a Chinese term', () => {
    expect(finds('退款', '购买的会员可以退款吗？', 'zh-CN')).toBe(true);
    expect(finds('會員', '购买的会员可以退款吗？', 'zh-CN')).toBe(true);
    expect(finds('รีฟันด์', 'ขอคืนเงินค่าสมาชิกได้หรือไม่', 'th-TH')).toBe(true);
    expect(finds('คนเงน', 'ขอคืนเงินค่าสมาชิกได้หรือไม่', 'th-TH')).toBe(false);
  });
});

describe('the synonym lists', () => {
  // The UI's glossary where there is one, else the legal texts'; a term may be a stem
  // (fil-PH "top" for top up), so a group holds it when one of its terms holds it.
  const glossary = (locale: string): Record<string, unknown> => {
    const ui = `src/i18n/glossary/${locale}.json`;
    return JSON.parse(readFileSync(existsSync(ui) ? ui : `src/content/legal/glossary/${locale}.json`, 'utf8')).terms;
  };

  it('have every locale, and no term in two groups of one locale', () => {
    expect(Object.keys(SYNONYMS).sort()).toEqual([...LOCALES].sort());
    for (const [locale, groups] of Object.entries(SYNONYMS as Record<string, Record<string, string[]>>)) {
      const terms = Object.values(groups).flatMap((group) => [...new Set(group.map(fold))]);
      expect(terms, locale).toEqual([...new Set(terms)]);
    }
  });

  it("hold the glossary's term of a concept in its group, so the copy's word is found by the others", () => {
    for (const locale of LOCALES.filter((l) => l !== 'en-US')) {
      const terms = glossary(locale);
      for (const [concept, group] of Object.entries((SYNONYMS as Record<string, Record<string, string[]>>)[locale]!)) {
        const term = terms[concept];
        if (typeof term === 'string')
          expect(
            group.map(fold).filter((t) => t.includes(fold(term))),
            `${locale} ${concept}: ${term}`,
          ).not.toEqual([]);
      }
    }
  });
});
