/**
 * Fonts for the personal-data PDF: reads TrueType outlines from WOFF 1.0 (or plain TTF) files, finds
 * the glyph for each character across a fallback list of fonts, and writes a subset TrueType file
 * holding only the glyphs a document uses, renumbered from 0, ready to embed as a CIDFontType2.
 *
 * The fonts come from npm packages (`@fontsource/noto-sans-sc`, `@fontsource/noto-sans-thai`): Noto
 * Sans SC covers Latin (with Vietnamese), Cyrillic and about 12,000 Han characters, simplified and
 * traditional, split by Fontsource into ~100 files by Unicode range; Noto Sans Thai covers Thai. Each
 * file is a font of its own (its own glyph numbers), so a document embeds one subset per file it uses.
 *
 * Only what the export needs is implemented: glyf outlines (simple and composite), horizontal
 * metrics, cmap formats 4 and 12. No shaping: one character, one glyph (enough for Thai to read; its
 * marks have zero advance and sit over the consonant before them).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { inflateSync } from 'node:zlib';

const WOFF = 0x774f4646; // 'wOFF'
const TRUETYPE = [0x00010000, 0x74727565]; // 1.0, 'true'

/** The tables of a TrueType font, decompressed: tag → bytes. */
export type Tables = Map<string, Buffer>;

/**
 * The tables of a WOFF 1.0 or TrueType file. WOFF 2.0 (Brotli plus transformed glyf) is not read.
 * @example readTables(readFileSync('noto-sans-sc-latin-400-normal.woff')).get('head')!.readUInt16BE(18) // 1000
 */
export function readTables(file: Buffer): Tables {
  const tables: Tables = new Map();
  const signature = file.readUInt32BE(0);
  if (signature === WOFF) {
    const count = file.readUInt16BE(12);
    for (let i = 0; i < count; i++) {
      const at = 44 + i * 20;
      const tag = file.toString('latin1', at, at + 4);
      const offset = file.readUInt32BE(at + 4);
      const stored = file.readUInt32BE(at + 8);
      const length = file.readUInt32BE(at + 12);
      const data = file.subarray(offset, offset + stored);
      // WOFF stores a table raw when compressing it would not make it smaller.
      const table = stored < length ? inflateSync(data) : Buffer.from(data);
      if (table.length !== length) throw new Error(`WOFF table ${tag}: ${table.length} bytes, header says ${length}`);
      tables.set(tag, table);
    }
  } else if (TRUETYPE.includes(signature)) {
    const count = file.readUInt16BE(4);
    for (let i = 0; i < count; i++) {
      const at = 12 + i * 16;
      const offset = file.readUInt32BE(at + 8);
      tables.set(file.toString('latin1', at, at + 4), Buffer.from(file.subarray(offset, offset + file.readUInt32BE(at + 12))));
    }
  } else {
    throw new Error('Not a WOFF 1.0 or TrueType font');
  }
  for (const tag of ['head', 'hhea', 'hmtx', 'maxp', 'loca', 'glyf', 'cmap']) if (!tables.has(tag)) throw new Error(`Font without a ${tag} table`);
  return tables;
}

/** Character → glyph from the best Unicode subtable: format 12 (full range) else format 4 (BMP). */
function readCmap(cmap: Buffer): Map<number, number> {
  const map = new Map<number, number>();
  const subtables: { format: number; offset: number }[] = [];
  for (let i = 0; i < cmap.readUInt16BE(2); i++) {
    const platform = cmap.readUInt16BE(4 + i * 8);
    const encoding = cmap.readUInt16BE(6 + i * 8);
    const offset = cmap.readUInt32BE(8 + i * 8);
    // Unicode subtables only: Windows Unicode BMP/full, or the Unicode platform.
    if (platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10))) subtables.push({ format: cmap.readUInt16BE(offset), offset });
  }
  const best = subtables.find((s) => s.format === 12) ?? subtables.find((s) => s.format === 4);
  if (!best) throw new Error('Font without a Unicode cmap (format 4 or 12)');
  const at = best.offset;
  if (best.format === 12) {
    for (let i = 0; i < cmap.readUInt32BE(at + 12); i++) {
      const group = at + 16 + i * 12;
      const start = cmap.readUInt32BE(group);
      const end = cmap.readUInt32BE(group + 4);
      const glyph = cmap.readUInt32BE(group + 8);
      for (let c = start; c <= end; c++) map.set(c, glyph + c - start);
    }
    return map;
  }
  const segments = cmap.readUInt16BE(at + 6) / 2;
  const ends = at + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const rangeOffsets = deltas + segments * 2;
  for (let s = 0; s < segments; s++) {
    const end = cmap.readUInt16BE(ends + s * 2);
    const start = cmap.readUInt16BE(starts + s * 2);
    const delta = cmap.readInt16BE(deltas + s * 2);
    const rangeOffset = cmap.readUInt16BE(rangeOffsets + s * 2);
    for (let c = start; c <= end && c !== 0xffff; c++) {
      let glyph: number;
      if (rangeOffset === 0) glyph = (c + delta) & 0xffff;
      else {
        // The offset is relative to where it is itself stored (the format's famous pointer trick).
        const raw = cmap.readUInt16BE(rangeOffsets + s * 2 + rangeOffset + (c - start) * 2);
        glyph = raw === 0 ? 0 : (raw + delta) & 0xffff;
      }
      if (glyph !== 0) map.set(c, glyph);
    }
  }
  return map;
}

/** The PostScript name (name ID 6), which PDF uses as the font's BaseFont. */
function postScriptName(name: Buffer | undefined): string | undefined {
  if (!name) return undefined;
  const count = name.readUInt16BE(2);
  const strings = name.readUInt16BE(4);
  for (let i = 0; i < count; i++) {
    const at = 6 + i * 12;
    if (name.readUInt16BE(at + 6) !== 6) continue;
    const platform = name.readUInt16BE(at);
    const bytes = name.subarray(strings + name.readUInt16BE(at + 10), strings + name.readUInt16BE(at + 10) + name.readUInt16BE(at + 8));
    const text = platform === 3 || platform === 0 ? Buffer.from(bytes).swap16().toString('utf16le') : bytes.toString('latin1');
    // A PDF name may not hold delimiters or spaces; PostScript names never should, but be sure.
    return text.replace(/[^!-~]|[()<>[\]{}/%#]/g, '');
  }
  return undefined;
}

/** What a PDF FontDescriptor needs, in the font's units. */
export interface FontMetrics {
  unitsPerEm: number;
  ascent: number;
  descent: number;
  capHeight: number;
  bbox: [number, number, number, number];
}

/** One TrueType font: its character map, metrics, and glyph outlines to subset from. */
export class TrueTypeFont {
  readonly name: string;
  readonly metrics: FontMetrics;
  readonly #tables: Tables;
  readonly #cmap: Map<number, number>;
  readonly #glyphCount: number;
  readonly #longMetrics: number;
  readonly #longLoca: boolean;

  /** @example new TrueTypeFont(readTables(file), 'NotoSansSC-Regular') */
  constructor(tables: Tables, fallbackName: string) {
    this.#tables = tables;
    this.#cmap = readCmap(tables.get('cmap')!);
    const head = tables.get('head')!;
    const hhea = tables.get('hhea')!;
    const os2 = tables.get('OS/2');
    this.#glyphCount = tables.get('maxp')!.readUInt16BE(4);
    this.#longMetrics = hhea.readUInt16BE(34);
    this.#longLoca = head.readInt16BE(50) === 1;
    this.name = postScriptName(tables.get('name')) || fallbackName;
    const ascent = os2 ? os2.readInt16BE(68) : hhea.readInt16BE(4);
    this.metrics = {
      unitsPerEm: head.readUInt16BE(18),
      ascent,
      descent: os2 ? os2.readInt16BE(70) : hhea.readInt16BE(6),
      // sCapHeight exists from OS/2 version 2; before that, an estimate from the ascent.
      capHeight: os2 && os2.readUInt16BE(0) >= 2 ? os2.readInt16BE(88) : Math.round(ascent * 0.8),
      bbox: [head.readInt16BE(36), head.readInt16BE(38), head.readInt16BE(40), head.readInt16BE(42)],
    };
  }

  /**
   * The glyph for a code point, 0 (.notdef) when the font has none.
   * @example font.glyphOf(0x41) // 34 ('A' in Noto Sans SC's Latin file)
   */
  glyphOf(codePoint: number): number {
    return this.#cmap.get(codePoint) ?? 0;
  }

  /**
   * The advance width of a glyph, in font units.
   * @example font.advance(font.glyphOf(0x6d4b)) // 1000 (a Han character: one em)
   */
  advance(glyph: number): number {
    const hmtx = this.#tables.get('hmtx')!;
    // Glyphs past the last long metric share its advance (monospaced tails).
    return hmtx.readUInt16BE(Math.min(glyph, this.#longMetrics - 1) * 4);
  }

  #glyphData(glyph: number): Buffer {
    const loca = this.#tables.get('loca')!;
    const at = (g: number) => (this.#longLoca ? loca.readUInt32BE(g * 4) : loca.readUInt16BE(g * 2) * 2);
    return this.#tables.get('glyf')!.subarray(at(glyph), at(glyph + 1));
  }

  #leftBearing(glyph: number): number {
    const hmtx = this.#tables.get('hmtx')!;
    return glyph < this.#longMetrics ? hmtx.readInt16BE(glyph * 4 + 2) : hmtx.readInt16BE(this.#longMetrics * 4 + (glyph - this.#longMetrics) * 2);
  }

  /**
   * A TrueType file holding `glyphs` (old glyph numbers, in order: new glyph i is old `glyphs[i]`;
   * a glyph may repeat), plus the components of composite glyphs appended after them. `glyphs[0]`
   * should be 0: glyph 0 is .notdef in every TrueType font.
   * @example font.subset([0, font.glyphOf(0x6d4b)]) // a font of two glyphs: .notdef and 测
   */
  subset(glyphs: readonly number[]): Buffer {
    if (glyphs.some((g) => !Number.isInteger(g) || g < 0 || g >= this.#glyphCount)) throw new RangeError('No such glyph in the font');
    const order = [...glyphs];
    const newOf = new Map<number, number>();
    order.forEach((g, i) => newOf.has(g) || newOf.set(g, i));
    const COMPOSITE = { words: 0x1, more: 0x20, scale: 0x8, xyScale: 0x40, twoByTwo: 0x80 };
    // Walks composite glyphs, appending components (breadth-first, so nested components come too).
    const components = (data: Buffer, visit: (glyphAt: number, glyph: number) => void) => {
      if (data.length === 0 || data.readInt16BE(0) >= 0) return;
      let at = 10;
      for (;;) {
        const flags = data.readUInt16BE(at);
        visit(at + 2, data.readUInt16BE(at + 2));
        at += 4 + (flags & COMPOSITE.words ? 4 : 2);
        at += flags & COMPOSITE.scale ? 2 : flags & COMPOSITE.xyScale ? 4 : flags & COMPOSITE.twoByTwo ? 8 : 0;
        if (!(flags & COMPOSITE.more)) break;
      }
    };
    for (let i = 0; i < order.length; i++) {
      components(this.#glyphData(order[i]!), (_, g) => {
        if (g >= this.#glyphCount) throw new Error('Composite glyph refers past the last glyph');
        if (!newOf.has(g)) {
          newOf.set(g, order.length);
          order.push(g);
        }
      });
    }

    const glyf: Buffer[] = [];
    const loca = Buffer.alloc((order.length + 1) * 4);
    const hmtx = Buffer.alloc(order.length * 4);
    let offset = 0;
    order.forEach((g, i) => {
      const data = Buffer.from(this.#glyphData(g));
      components(data, (at, old) => data.writeUInt16BE(newOf.get(old)!, at));
      // Glyph data starts on 4-byte boundaries (long loca allows 2, 4 keeps every reader happy).
      const padded = Buffer.concat([data, Buffer.alloc((4 - (data.length % 4)) % 4)]);
      loca.writeUInt32BE(offset, i * 4);
      glyf.push(padded);
      offset += padded.length;
      hmtx.writeUInt16BE(this.advance(g), i * 4);
      hmtx.writeInt16BE(this.#leftBearing(g), i * 4 + 2);
    });
    loca.writeUInt32BE(offset, order.length * 4);

    const head = Buffer.from(this.#tables.get('head')!);
    head.writeUInt32BE(0, 8); // checkSumAdjustment, set once the file is whole
    head.writeInt16BE(1, 50); // long loca
    const hhea = Buffer.from(this.#tables.get('hhea')!);
    hhea.writeUInt16BE(order.length, 34);
    const maxp = Buffer.from(this.#tables.get('maxp')!);
    maxp.writeUInt16BE(order.length, 4);
    const tables: [string, Buffer][] = [
      ['glyf', Buffer.concat(glyf)],
      ['head', head],
      ['hhea', hhea],
      ['hmtx', hmtx],
      ['loca', loca],
      ['maxp', maxp],
    ];
    // Hinting programs, when the font has them: glyph instructions call into fpgm and read cvt.
    for (const tag of ['cvt ', 'fpgm', 'prep']) {
      const table = this.#tables.get(tag);
      if (table) tables.push([tag, table]);
    }
    tables.sort(([a], [b]) => (a < b ? -1 : 1));
    return sfnt(tables);
  }
}

const checksum = (data: Buffer) => {
  const padded = data.length % 4 ? Buffer.concat([data, Buffer.alloc(4 - (data.length % 4))]) : data;
  let sum = 0;
  for (let i = 0; i < padded.length; i += 4) sum = (sum + padded.readUInt32BE(i)) >>> 0;
  return sum;
};

/** A TrueType file from its tables (sorted by tag), with the directory and checksums the format asks. */
function sfnt(tables: [string, Buffer][]): Buffer {
  const count = tables.length;
  const power = 2 ** Math.floor(Math.log2(count));
  const header = Buffer.alloc(12 + count * 16);
  header.writeUInt32BE(0x00010000, 0);
  header.writeUInt16BE(count, 4);
  header.writeUInt16BE(power * 16, 6);
  header.writeUInt16BE(Math.log2(power), 8);
  header.writeUInt16BE(count * 16 - power * 16, 10);
  const body: Buffer[] = [];
  let offset = header.length;
  let headAt = -1;
  tables.forEach(([tag, data], i) => {
    const at = 12 + i * 16;
    header.write(tag, at, 'latin1');
    header.writeUInt32BE(checksum(data), at + 4);
    header.writeUInt32BE(offset, at + 8);
    header.writeUInt32BE(data.length, at + 12);
    if (tag === 'head') headAt = offset;
    const padded = Buffer.concat([data, Buffer.alloc((4 - (data.length % 4)) % 4)]);
    body.push(padded);
    offset += padded.length;
  });
  const file = Buffer.concat([header, ...body]);
  // The whole-file checksum, stored so that the file sums to the magic number.
  file.writeUInt32BE((0xb1b0afba - checksum(file)) >>> 0, headAt + 8);
  return file;
}

/** Where a character's glyph is: which font of the set, and the glyph number in it. */
export interface GlyphRef {
  font: number;
  glyph: number;
}

/** Fonts tried in order for each character: the first that has a glyph draws it. */
export class FontSet {
  readonly fonts: readonly TrueTypeFont[];
  readonly #found = new Map<number, GlyphRef | null>();

  /** @example new FontSet([latin, thai, ...hanChunks]) */
  constructor(fonts: readonly TrueTypeFont[]) {
    if (fonts.length === 0) throw new RangeError('A font set needs a font');
    this.fonts = fonts;
  }

  /**
   * The first font with a glyph for the code point, or null when none has one.
   * @example fonts.find(0x0e1c) // { font: 4, glyph: 68 } (ผ, in Noto Sans Thai)
   */
  find(codePoint: number): GlyphRef | null {
    let found = this.#found.get(codePoint);
    if (found === undefined) {
      const font = this.fonts.findIndex((f) => f.glyphOf(codePoint) !== 0);
      found = font < 0 ? null : { font, glyph: this.fonts[font]!.glyphOf(codePoint) };
      this.#found.set(codePoint, found);
    }
    return found;
  }
}

const require = createRequire(import.meta.url);
const filesOf = (pkg: string) => join(dirname(require.resolve(`${pkg}/400.css`)), 'files');

let exportFonts: FontSet | undefined;

/**
 * The export's fonts, regular weight, read once per process (about 5 MB of WOFF): Noto Sans SC's
 * Latin, Vietnamese and Cyrillic files, Noto Sans Thai's Thai file, then Noto Sans SC's Han files in
 * Fontsource's order. The single "chinese-simplified" file is skipped: the numbered files hold the same
 * glyphs and more (traditional characters too).
 * @example exportFontSet().find(0x6d4b) // { font: 97, glyph: 106 } (测, in one of the Han files)
 */
export function exportFontSet(): FontSet {
  if (exportFonts) return exportFonts;
  const sc = filesOf('@fontsource/noto-sans-sc');
  const thai = filesOf('@fontsource/noto-sans-thai');
  const load = (dir: string, file: string, name: string) => new TrueTypeFont(readTables(readFileSync(join(dir, file))), name);
  const numbered = readdirSync(sc)
    .map((file) => /^noto-sans-sc-(\d+)-400-normal\.woff$/.exec(file))
    .filter((m): m is RegExpExecArray => m !== null)
    .sort((a, b) => Number(a[1]) - Number(b[1]))
    .map((m) => m[0]);
  if (numbered.length === 0) throw new Error(`No Noto Sans SC files in ${sc}`);
  exportFonts = new FontSet([
    ...['latin', 'latin-ext', 'vietnamese', 'cyrillic'].map((subset) => load(sc, `noto-sans-sc-${subset}-400-normal.woff`, 'NotoSansSC-Regular')),
    load(thai, 'noto-sans-thai-thai-400-normal.woff', 'NotoSansThai-Regular'),
    ...numbered.map((file) => load(sc, file, 'NotoSansSC-Regular')),
  ]);
  return exportFonts;
}
