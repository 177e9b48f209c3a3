import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PdfDict, PdfName, PdfPasswordError, PdfRef, PdfString, openPdf } from '../../tests/fixtures/pdf-reader';
import { pdfOf } from './pdf';
import { hashR6 } from './pdf-crypt';
import { exportFontSet } from './pdf-font';

const NAMES = {
  simplified: '测试用户',
  traditional: '測試用戶',
  thai: 'ผู้ทดสอบ',
  vietnamese: 'Người dùng thử',
};
const LINES = [
  '[account]',
  `nickname: ${NAMES.simplified}`,
  `zh-TW: ${NAMES.traditional}`,
  `th-TH: ${NAMES.thai}`,
  `vi-VN: ${NAMES.vietnamese}`,
  'id-ID: Pengguna uji · ms-MY: Pengguna ujian · fil-PH: Gumagamit ng pagsubok',
];
const pdf = pdfOf('Your personal data', LINES, '123456');
const fontsOf = (doc: ReturnType<typeof openPdf>) =>
  [...doc.objects.values()]
    .map((o) => o.value)
    .filter((v): v is PdfDict => v instanceof PdfDict && (v.get('Subtype') as PdfName | undefined)?.name === 'Type0');

describe('the test reader (tests/fixtures/pdf-reader.ts) follows the standard, not our writer', () => {
  // Made with qpdf 11.3: `qpdf --object-streams=disable --encrypt 123456 qpdf-owner 256 -- plain.pdf qpdf-aes256.pdf`.
  const qpdf = readFileSync('tests/fixtures/pdf/qpdf-aes256.pdf');

  it('opens a file qpdf encrypted with AES-256 (R 6): its text and its encrypted title', () => {
    const doc = openPdf(qpdf, '123456');
    expect(doc.pageTexts()).toEqual(['Encrypted by qpdf']);
    const info = [...doc.objects.values()].find((o) => o.value instanceof PdfDict && o.value.get('Title'))!.value as PdfDict;
    expect((info.get('Title') as PdfString).latin1).toBe('Made by qpdf');
  });

  it("refuses qpdf's file with a wrong password", () => {
    expect(() => openPdf(qpdf, '654321')).toThrow(PdfPasswordError);
  });
});

describe('the personal-data PDF', () => {
  it('opens with the password, and its text (through ToUnicode) holds every script', () => {
    const doc = openPdf(pdf, '123456');
    const [page] = doc.pageTexts();
    expect(page!.split('\n')).toEqual(['Your personal data', '', ...LINES]);
    for (const name of Object.values(NAMES)) expect(page).toContain(name);
  });

  it('does not open without the password, or with another', () => {
    for (const password of ['', '654321', '12345', '1234567', '123456 ']) expect(() => openPdf(pdf, password)).toThrow(PdfPasswordError);
  });

  it('is PDF 2.0 standard security, AES-256: V 5, R 6, the AESV3 filter for strings and streams', () => {
    const doc = openPdf(pdf, '123456');
    expect(doc.header).toBe('%PDF-2.0');
    const encrypt = doc.resolve(doc.trailer.get('Encrypt')) as PdfDict;
    expect(encrypt.get('Filter')).toEqual(new PdfName('Standard'));
    expect([encrypt.get('V'), encrypt.get('R'), encrypt.get('Length')]).toEqual([5, 6, 256]);
    const filter = (encrypt.get('CF') as PdfDict).get('StdCF') as PdfDict;
    expect(filter.get('CFM')).toEqual(new PdfName('AESV3'));
    expect([encrypt.get('StmF'), encrypt.get('StrF')]).toEqual([new PdfName('StdCF'), new PdfName('StdCF')]);
    expect((doc.trailer.get('ID') as PdfString[]).map((s) => s.bytes.length)).toEqual([16, 16]);
  });

  it('hides everything without the key: no text, no font names, no stream that inflates', () => {
    const raw = pdf.toString('latin1');
    for (const name of Object.values(NAMES)) {
      for (const encoding of ['utf8', 'utf16le'] as const) expect(pdf.includes(Buffer.from(name, encoding))).toBe(false);
    }
    expect(raw).not.toMatch(/Adobe|Identity\)|Your personal|BT\s/);
    // Every stream, as stored, is AES output: it does not inflate as the Flate it is inside.
    const doc = openPdf(pdf, '123456');
    const streams = [...doc.objects.values()].filter((o) => o.raw);
    expect(streams.length).toBeGreaterThan(4);
    for (const { raw } of streams) expect(() => inflateSync(raw!)).toThrow();
    // Strings too: the CIDSystemInfo's, decrypted by the reader, are what the standard asks.
    const cid = doc.resolve((fontsOf(doc)[0]!.get('DescendantFonts') as PdfRef[])[0]) as PdfDict;
    const info = cid.get('CIDSystemInfo') as PdfDict;
    expect([(info.get('Registry') as PdfString).latin1, (info.get('Ordering') as PdfString).latin1]).toEqual(['Adobe', 'Identity']);
  });

  it('embeds subset fonts: Type0 over CIDFontType2, the TrueType file holding only the glyphs used', () => {
    const doc = openPdf(pdf, '123456');
    const fonts = fontsOf(doc);
    // Latin and Vietnamese from Noto Sans SC, Thai from Noto Sans Thai, Han from Noto Sans SC's Han files.
    expect(fonts.length).toBeGreaterThanOrEqual(3);
    let glyphs = 0;
    for (const font of fonts) {
      expect(font.get('Encoding')).toEqual(new PdfName('Identity-H'));
      expect((font.get('BaseFont') as PdfName).name).toMatch(/^[A-Z]{6}\+NotoSans(SC|Thai)-Regular$/);
      expect(font.get('ToUnicode')).toBeInstanceOf(PdfRef);
      const cid = doc.resolve((font.get('DescendantFonts') as PdfRef[])[0]) as PdfDict;
      expect(cid.get('Subtype')).toEqual(new PdfName('CIDFontType2'));
      expect(cid.get('CIDToGIDMap')).toEqual(new PdfName('Identity'));
      const descriptor = doc.resolve(cid.get('FontDescriptor')) as PdfDict;
      const file = doc.stream(descriptor.get('FontFile2'));
      // A whole TrueType file: its checksum adjustment makes the sum the format's magic number.
      let sum = 0;
      const padded = Buffer.concat([file, Buffer.alloc((4 - (file.length % 4)) % 4)]);
      for (let i = 0; i < padded.length; i += 4) sum = (sum + padded.readUInt32BE(i)) >>> 0;
      expect(sum).toBe(0xb1b0afba);
      const maxp = tableOf(file, 'maxp');
      const count = maxp.readUInt16BE(4);
      // One glyph per CID (widths for CIDs 1…n), plus .notdef; composite parts may add a few (Thai).
      const widths = (cid.get('W') as [number, number[]])[1];
      expect(count).toBeGreaterThanOrEqual(widths.length + 1);
      expect(count).toBeLessThanOrEqual(widths.length + 8);
      glyphs += count;
    }
    const distinct = new Set([...['Your personal data', ...LINES].join('')]).size;
    expect(glyphs).toBeLessThan(distinct + 8 * fonts.length);
    // Subsets of fonts some megabytes large: the whole file stays small.
    expect(pdf.length).toBeLessThan(60_000);
  });

  it('prints a character no font has as the .notdef box, yet copies it as itself; NFD input finds Vietnamese glyphs', () => {
    const doc = openPdf(pdfOf('t', ['𠀀 \u{1F600}', 'Người'.normalize('NFD')], '000000'), '000000');
    expect(doc.pageTexts()[0]!.split('\n').slice(2)).toEqual(['𠀀 \u{1F600}', 'Người']);
  });

  it('prints headings larger than the lines under them, in any script', () => {
    const doc = openPdf(
      pdfOf('ข้อมูลส่วนบุคคลของคุณ', [{ heading: 'ข้อมูลบัญชี' }, 'ชื่อเล่น: ผู้ทดสอบ', '', { heading: '设备数据' }, '设备品牌：OPPO'], '222222'),
      '222222',
    );
    expect(doc.pageTexts()[0]!.split('\n')).toEqual(['ข้อมูลส่วนบุคคลของคุณ', '', 'ข้อมูลบัญชี', 'ชื่อเล่น: ผู้ทดสอบ', '', '设备数据', '设备品牌：OPPO']);
    const content = doc.stream(doc.pages()[0]!.get('Contents') as PdfRef).toString('latin1');
    const sizes = [...content.matchAll(/ (\d+) Tf/g)].map((m) => Number(m[1]));
    // Title 16; each heading 13 (a Thai heading may take two fonts: its Latin space is Noto Sans SC's); lines 11.
    expect(new Set(sizes)).toEqual(new Set([16, 13, 11]));
  });

  it('breaks long lines within the column and flows onto new pages', () => {
    const long = 'The quick brown fox jumps over the lazy dog. '.repeat(8).trim();
    const doc = openPdf(pdfOf('t', [long, '长'.repeat(100), ...Array.from({ length: 60 }, (_, i) => `line ${i}`)], '111111'), '111111');
    const pages = doc.pageTexts();
    expect(pages.length).toBe(2);
    const lines = pages.join('\n').split('\n');
    const han = lines.findIndex((l) => l.startsWith('长'));
    // The long line, broken at spaces: several lines, each shorter, together the line again.
    const broken = lines.slice(2, han);
    expect(broken.length).toBeGreaterThan(1);
    expect(broken.join(' ').replace(/\s+/g, ' ')).toBe(long);
    expect(lines.filter((l) => l.startsWith('长')).join('')).toBe('长'.repeat(100));
    expect(lines.filter((l) => l.startsWith('长')).length).toBe(3);
    expect(lines.filter((l) => /^line \d+$/.test(l))).toHaveLength(60);
  });

  it('is new each time: a fresh key and salts, so two files of the same data share nothing', () => {
    const again = pdfOf('Your personal data', LINES, '123456');
    const [a, b] = [openPdf(pdf, '123456'), openPdf(again, '123456')];
    const U = (doc: typeof a) => ((doc.resolve(doc.trailer.get('Encrypt')) as PdfDict).get('U') as PdfString).bytes;
    expect(U(a).equals(U(b))).toBe(false);
    expect(b.pageTexts()).toEqual(a.pageTexts());
  });
});

describe('hashR6 (Algorithm 2.B)', () => {
  it("matches qpdf's U for its password: hash(password, validation salt) is U's first 32 bytes", () => {
    const doc = openPdf(readFileSync('tests/fixtures/pdf/qpdf-aes256.pdf'), '123456');
    const U = ((doc.resolve(doc.trailer.get('Encrypt')) as PdfDict).get('U') as PdfString).bytes;
    expect(hashR6(Buffer.from('123456'), U.subarray(32, 40), Buffer.alloc(0)).equals(U.subarray(0, 32))).toBe(true);
    expect(hashR6(Buffer.from('123457'), U.subarray(32, 40), Buffer.alloc(0)).equals(U.subarray(0, 32))).toBe(false);
  });
});

describe('the export fonts', () => {
  it('have a glyph for every script of the nine locales', () => {
    const fonts = exportFontSet();
    const sample = 'Aa Đđ Ơơ Ưư ẠẢẤẦẨẪẬ ñ é ü 测试用户 測試用戶 香港 臺灣 ผู้ทดสอบ ภาษาไทย';
    const missing = [...sample].filter((c) => c !== ' ' && fonts.find(c.codePointAt(0)!) === null);
    expect(missing).toEqual([]);
  });
});

/** A table of a TrueType file, by tag. */
function tableOf(file: Buffer, tag: string): Buffer {
  for (let i = 0; i < file.readUInt16BE(4); i++) {
    const at = 12 + i * 16;
    if (file.toString('latin1', at, at + 4) === tag) return file.subarray(file.readUInt32BE(at + 8), file.readUInt32BE(at + 8) + file.readUInt32BE(at + 12));
  }
  throw new Error(`no ${tag} table`);
}
