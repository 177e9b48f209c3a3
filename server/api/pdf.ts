/**
 * The personal-data export as a PDF: headings and lines of text on A4 pages, in any script of the
 * nine locales, encrypted with the user's password. What the reference server sends (docs/personal.md).
 *
 * - **Text**: every character is drawn from embedded subset fonts (server/api/pdf-font.ts), each a
 *   Type0 font over a CIDFontType2 with Identity-H encoding: one CID per distinct character of that
 *   font, CIDs numbered like the subset's glyphs (CIDToGIDMap Identity), and a ToUnicode CMap from
 *   CID to the character, so viewers can copy, search and read aloud the text. A character no font
 *   has prints as the .notdef box but still copies as itself. Input is NFC-normalised, so Vietnamese
 *   typed with combining marks finds its precomposed glyphs.
 * - **Security**: PDF 2.0 standard security, AES-256 (V 5, R 6, AESV3; server/api/pdf-crypt.ts):
 *   every string and stream is encrypted; the password the user chose opens it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { aes256Security, encryptAesV3, type Aes256Security } from './pdf-crypt';
import { exportFontSet, type FontSet } from './pdf-font';

/** A4 in points. */
const PAGE = { width: 595, height: 842, margin: 56 } as const;
const TITLE = { size: 16, leading: 28 } as const;
const HEADING = { size: 13, leading: 22 } as const;
const BODY = { size: 11, leading: 16 } as const;

/** A line of the document: text, or a section's heading (set larger). */
export type PdfLine = string | { heading: string };

class Name {
  constructor(readonly name: string) {}
}
class Ref {
  constructor(readonly n: number) {}
}
/** A PDF string: bytes, encrypted when written. */
class Str {
  constructor(readonly bytes: Buffer) {}
}
class Stream {
  constructor(
    readonly dict: Dict,
    readonly data: Buffer,
  ) {}
}
type Value = number | boolean | Name | Ref | Str | Value[] | Dict;
interface Dict {
  [key: string]: Value;
}

const name = (n: string) => new Name(n);
const text = (s: string) => new Str(Buffer.from(s, 'latin1'));

const number = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(3).replace(/\.?0+$/, ''));

/** Writes a value; `seal` encrypts strings (not used for the trailer, whose strings stay plain). */
function write(value: Value, seal: (bytes: Buffer) => Buffer): string {
  if (typeof value === 'number') return number(value);
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Name) return `/${value.name}`;
  if (value instanceof Ref) return `${value.n} 0 R`;
  // Hex: encrypted bytes need no escaping, and the file stays ASCII outside its streams.
  if (value instanceof Str) return `<${seal(value.bytes).toString('hex')}>`;
  if (Array.isArray(value)) return `[${value.map((v) => write(v, seal)).join(' ')}]`;
  return `<< ${Object.entries(value)
    .map(([k, v]) => `/${k} ${write(v, seal)}`)
    .join(' ')} >>`;
}

/** One font of the set as this document uses it: a CID per distinct character, in first-use order. */
interface UsedFont {
  font: number;
  cidOf: Map<number, number>;
  /** Index = CID: the original glyph (0 for .notdef) and its character (-1 for CID 0). */
  glyphs: number[];
  chars: number[];
}

interface Placed {
  size: number;
  y: number;
  /** Runs of one font: its index in `used`, and the CIDs. */
  runs: { used: number; cids: number[] }[];
}

/** Lays text out and records the fonts and characters it takes. */
class Typesetter {
  readonly used: UsedFont[] = [];
  readonly #usedOf = new Map<number, number>();

  constructor(readonly fonts: FontSet) {}

  /** The character's font and glyph; a character no font has takes the first font's .notdef. */
  #place(codePoint: number): { used: number; cid: number; width: number } {
    const found = this.fonts.find(codePoint) ?? { font: 0, glyph: 0 };
    let u = this.#usedOf.get(found.font);
    if (u === undefined) {
      u = this.used.push({ font: found.font, cidOf: new Map(), glyphs: [0], chars: [-1] }) - 1;
      this.#usedOf.set(found.font, u);
    }
    const used = this.used[u]!;
    let cid = used.cidOf.get(codePoint);
    if (cid === undefined) {
      cid = used.glyphs.push(found.glyph) - 1;
      used.chars.push(codePoint);
      used.cidOf.set(codePoint, cid);
    }
    const font = this.fonts.fonts[found.font]!;
    return { used: u, cid, width: (font.advance(found.glyph) * 1000) / font.metrics.unitsPerEm };
  }

  /**
   * One logical line as one or more placed lines no wider than the text column: broken after the
   * last space that fits, else (Han, Thai, a long token) after the last character that fits.
   */
  lines(line: string, size: number): Placed['runs'][] {
    const chars = [...line.normalize('NFC').replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ')].map((c) => ({ c, ...this.#place(c.codePointAt(0)!) }));
    const max = ((PAGE.width - 2 * PAGE.margin) * 1000) / size;
    const out: Placed['runs'][] = [];
    let start = 0;
    while (start < chars.length || out.length === 0) {
      let end = start;
      let width = 0;
      let space = -1;
      while (end < chars.length && (end === start || width + chars[end]!.width <= max)) {
        if (chars[end]!.c === ' ') space = end;
        width += chars[end]!.width;
        end++;
      }
      if (end < chars.length && space > start) end = space + 1;
      const runs: Placed['runs'] = [];
      for (const ch of chars.slice(start, end)) {
        const last = runs[runs.length - 1];
        if (last && last.used === ch.used) last.cids.push(ch.cid);
        else runs.push({ used: ch.used, cids: [ch.cid] });
      }
      out.push(runs);
      start = end;
      if (chars.length === 0) break;
    }
    return out;
  }
}

const hex4 = (n: number) => n.toString(16).padStart(4, '0').toUpperCase();
/** A character as ToUnicode wants it: UTF-16BE hex, a surrogate pair beyond the BMP. */
const utf16Hex = (codePoint: number) => Buffer.from(String.fromCodePoint(codePoint), 'utf16le').swap16().toString('hex').toUpperCase();

/** The ToUnicode CMap: CID → character, in bfchar blocks of at most 100 (the CMap format's limit). */
function toUnicode(chars: readonly number[]): string {
  const entries = chars.flatMap((c, cid) => (c < 0 ? [] : [`<${hex4(cid)}> <${utf16Hex(c)}>`]));
  const blocks: string[] = [];
  for (let i = 0; i < entries.length; i += 100) {
    const block = entries.slice(i, i + 100);
    blocks.push(`${block.length} beginbfchar\n${block.join('\n')}\nendbfchar`);
  }
  return [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    '<0000> <FFFF>',
    'endcodespacerange',
    ...blocks,
    'endcmap',
    'CMapName currentdict /CMap defineresource pop',
    'end',
    'end',
  ].join('\n');
}

/** Six capital letters naming a subset (the PDF convention `ABCDEF+Font`), from what it holds. */
const subsetTag = (seed: string) => [...createHash('sha256').update(seed).digest().subarray(0, 6)].map((b) => String.fromCharCode(65 + (b % 26))).join('');

/**
 * A PDF of `title` and `lines`, encrypted with AES-256 so that `password` opens it.
 * @example pdfOf('Your personal data', [{ heading: 'Account data' }, 'Nickname: 测试用户'], '123456') // Buffer starting with %PDF-2.0
 */
export function pdfOf(title: string, lines: readonly PdfLine[], password: string, fonts: FontSet = exportFontSet()): Buffer {
  const setter = new Typesetter(fonts);
  const placed: Placed[] = [];
  const styled = lines.map((l) => (typeof l === 'string' ? ([l, BODY] as const) : ([l.heading, HEADING] as const)));
  for (const [line, style] of [[title, TITLE] as const, ['', BODY] as const, ...styled]) {
    for (const runs of setter.lines(line, style.size)) placed.push({ size: style.size, y: style.leading, runs });
  }
  // Lines flow down each page from the top margin; a line that would cross the bottom one starts a page.
  const pages: Placed[][] = [[]];
  let y = PAGE.height - PAGE.margin;
  for (const line of placed) {
    if (y - line.y < PAGE.margin && pages[pages.length - 1]!.length > 0) {
      pages.push([]);
      y = PAGE.height - PAGE.margin;
    }
    y -= line.y;
    pages[pages.length - 1]!.push({ ...line, y });
  }

  const objects: (Value | Stream)[] = [];
  const add = (value: Value | Stream) => new Ref(objects.push(value));
  const reserve = () => new Ref(objects.push({}));
  const catalog = reserve();
  const pagesRef = reserve();
  const fontRefs = setter.used.map(() => reserve());
  const fontResources: Dict = Object.fromEntries(fontRefs.map((ref, i) => [`F${i}`, ref]));
  const kids = pages.map((page) => {
    const content = page
      .map(
        (line) =>
          `1 0 0 1 ${PAGE.margin} ${number(line.y)} Tm\n${line.runs.map((run) => `/F${run.used} ${line.size} Tf <${run.cids.map(hex4).join('')}> Tj`).join('\n')}`,
      )
      .join('\n');
    const contents = add(new Stream({ Filter: name('FlateDecode') }, deflateSync(Buffer.from(`BT\n${content}\nET`, 'latin1'))));
    return add({
      Type: name('Page'),
      Parent: pagesRef,
      MediaBox: [0, 0, PAGE.width, PAGE.height],
      Resources: { Font: fontResources },
      Contents: contents,
    });
  });
  objects[catalog.n - 1] = { Type: name('Catalog'), Pages: pagesRef };
  objects[pagesRef.n - 1] = { Type: name('Pages'), Kids: kids, Count: kids.length };

  setter.used.forEach((used, i) => {
    const font = fonts.fonts[used.font]!;
    const scale = (v: number) => Math.round((v * 1000) / font.metrics.unitsPerEm);
    const fontName = `${subsetTag(`${used.font}:${used.chars.join(',')}`)}+${font.name}`;
    const file = font.subset(used.glyphs);
    const fontFile = add(new Stream({ Filter: name('FlateDecode'), Length1: file.length }, deflateSync(file)));
    const descriptor = add({
      Type: name('FontDescriptor'),
      FontName: name(fontName),
      // Symbolic: the glyphs are reached by CID, not through a standard Latin encoding.
      Flags: 4,
      FontBBox: font.metrics.bbox.map(scale),
      ItalicAngle: 0,
      Ascent: scale(font.metrics.ascent),
      Descent: scale(font.metrics.descent),
      CapHeight: scale(font.metrics.capHeight),
      // Required, and not in a TrueType font: a regular-weight estimate, used only by font substitution.
      StemV: 80,
      FontFile2: fontFile,
    });
    const cidFont = add({
      Type: name('Font'),
      Subtype: name('CIDFontType2'),
      BaseFont: name(fontName),
      CIDSystemInfo: { Registry: text('Adobe'), Ordering: text('Identity'), Supplement: 0 },
      FontDescriptor: descriptor,
      W: [1, used.glyphs.slice(1).map((g) => scale(font.advance(g)))],
      CIDToGIDMap: name('Identity'),
    });
    const cmap = add(new Stream({ Filter: name('FlateDecode') }, deflateSync(Buffer.from(toUnicode(used.chars), 'latin1'))));
    objects[fontRefs[i]!.n - 1] = {
      Type: name('Font'),
      Subtype: name('Type0'),
      BaseFont: name(fontName),
      Encoding: name('Identity-H'),
      DescendantFonts: [cidFont],
      ToUnicode: cmap,
    };
  });

  return serialise(objects, catalog, aes256Security(password));
}

/** The file: header, objects (strings and streams encrypted), cross-reference table, trailer. */
function serialise(objects: readonly (Value | Stream)[], root: Ref, security: Aes256Security): Buffer {
  const seal = (bytes: Buffer) => encryptAesV3(security.fileKey, bytes);
  // The second line's high bytes tell transfer tools the file is binary.
  const chunks: Buffer[] = [Buffer.from('%PDF-2.0\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = chunks[0]!.length;
  const push = (chunk: Buffer) => {
    chunks.push(chunk);
    length += chunk.length;
  };
  const offsets = objects.map((object, i) => {
    const offset = length;
    if (object instanceof Stream) {
      const data = seal(object.data);
      push(Buffer.from(`${i + 1} 0 obj\n${write({ ...object.dict, Length: data.length }, seal)}\nstream\n`, 'latin1'));
      push(data);
      push(Buffer.from('\nendstream\nendobj\n', 'latin1'));
    } else {
      push(Buffer.from(`${i + 1} 0 obj\n${write(object, seal)}\nendobj\n`, 'latin1'));
    }
    return offset;
  });
  const id = new Str(randomBytes(16));
  const plain = (bytes: Buffer) => bytes;
  const encrypt: Dict = {
    Filter: name('Standard'),
    V: 5,
    R: 6,
    Length: 256,
    CF: { StdCF: { Type: name('CryptFilter'), CFM: name('AESV3'), AuthEvent: name('DocOpen'), Length: 32 } },
    StmF: name('StdCF'),
    StrF: name('StdCF'),
    O: new Str(security.O),
    U: new Str(security.U),
    OE: new Str(security.OE),
    UE: new Str(security.UE),
    Perms: new Str(security.Perms),
    P: security.P,
    EncryptMetadata: true,
  };
  const xref = length;
  push(
    Buffer.from(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}` +
        // The Encrypt dictionary and the file ID are never encrypted: a reader needs them to start.
        `trailer\n${write({ Size: objects.length + 1, Root: root, Encrypt: encrypt, ID: [id, id] }, plain)}\nstartxref\n${xref}\n%%EOF\n`,
      'latin1',
    ),
  );
  return Buffer.concat(chunks);
}
