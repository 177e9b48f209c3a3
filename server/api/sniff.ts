/**
 * What an uploaded file is, by its first bytes, never by its name or the content-type the client
 * declared: images (jpg, png, bmp, gif, webp), audio (mp3, aac, m4a, ogg, flac, wav, amr) and video
 * (mp4, mov, 3gp, webm, mkv, avi). Anything else (a web page, a script, a program) is not a media file.
 */

/** Bytes enough to tell every type here apart: the longest look is into an ISO ftyp box or an EBML header. */
export const SNIFF_BYTES = 64;

const ascii = (bytes: Uint8Array, at: number, text: string) => {
  if (bytes.length < at + text.length) return false;
  for (let i = 0; i < text.length; i += 1) if (bytes[at + i] !== text.charCodeAt(i)) return false;
  return true;
};
const u32 = (bytes: Uint8Array, at: number, little = false) =>
  bytes.length < at + 4 ? -1 : new DataView(bytes.buffer, bytes.byteOffset + at, 4).getUint32(0, little);

// ISO base media brands (ftyp): which MIME each family of brands means. Unknown brands are refused
// rather than guessed: HEIF/AVIF images and other ISO files share the box layout.
const AUDIO_BRANDS = new Set(['M4A ', 'M4B ', 'M4P ', 'F4A ', 'F4B ']);
const QUICKTIME_BRANDS = new Set(['qt  ']);
const VIDEO_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'iso7',
  'iso8',
  'iso9',
  'mp41',
  'mp42',
  'mp71',
  'avc1',
  'M4V ',
  'M4VH',
  'M4VP',
  'dash',
  'mmp4',
  'MSNV',
  'F4V ',
  'F4P ',
  'NDAS',
  'NDSC',
  'NDSH',
  'NDSM',
  'NDSP',
  'NDSS',
  'NDXC',
  'NDXH',
  'NDXM',
  'NDXP',
  'NDXS',
  'XAVC',
  'KDDI',
  'hvc1',
  'dby1',
  'cmfc',
]);

function isoBrand(brand: string): string | null {
  if (AUDIO_BRANDS.has(brand)) return 'audio/mp4';
  if (QUICKTIME_BRANDS.has(brand)) return 'video/quicktime';
  if (brand.startsWith('3gp') || brand.startsWith('3gs') || brand.startsWith('3ge') || brand.startsWith('3gg')) return 'video/3gpp';
  if (brand.startsWith('3g2')) return 'video/3gpp2';
  if (VIDEO_BRANDS.has(brand)) return 'video/mp4';
  return null;
}

/** An ISO base media file: `ftyp` box first; its major brand, else the first known compatible brand. */
function iso(bytes: Uint8Array): string | null {
  const size = u32(bytes, 0);
  if (!ascii(bytes, 4, 'ftyp') || size < 16 || size % 4 !== 0) return null;
  const brandAt = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  const major = isoBrand(brandAt(8));
  if (major) return major;
  for (let at = 16; at + 4 <= Math.min(size, bytes.length); at += 4) {
    const compatible = isoBrand(brandAt(at));
    if (compatible) return compatible;
  }
  return null;
}

/** Matroska or WebM: the EBML magic, then the DocType string within the header. */
function ebml(bytes: Uint8Array): string | null {
  if (u32(bytes, 0) !== 0x1a45dfa3) return null;
  for (let at = 4; at < bytes.length - 2; at += 1) {
    if (bytes[at] !== 0x42 || bytes[at + 1] !== 0x82) continue;
    // DocType's length is a one-byte EBML varint here (0x80 | length) in every muxer's output.
    const length = bytes[at + 2]! & 0x7f;
    if (ascii(bytes, at + 3, 'webm') && length === 4) return 'video/webm';
    if (ascii(bytes, at + 3, 'matroska') && length === 8) return 'video/x-matroska';
  }
  return null;
}

/** MPEG audio frame header (mp3 without ID3) or an ADTS header (raw AAC): 0xFFF… with valid fields. */
function frameSync(bytes: Uint8Array): string | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || (bytes[1]! & 0xe0) !== 0xe0) return null;
  const b1 = bytes[1]!;
  const b2 = bytes[2]!;
  const layer = (b1 >> 1) & 3;
  if ((b1 & 0xf0) === 0xf0 && layer === 0) {
    // ADTS: 12-bit sync, layer 00; the sampling index 13–15 is reserved.
    return ((b2 >> 2) & 0xf) < 13 ? 'audio/aac' : null;
  }
  const version = (b1 >> 3) & 3;
  const bitrate = b2 >> 4;
  const rate = (b2 >> 2) & 3;
  return version !== 1 && layer !== 0 && bitrate !== 0xf && rate !== 3 ? 'audio/mpeg' : null;
}

/**
 * The MIME type of a media file from its first bytes (SNIFF_BYTES are enough), or null when it is
 * none of the types above.
 * @example detectMedia(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) // 'image/png'
 * @example detectMedia(new TextEncoder().encode('<!doctype html>')) // null
 */
export function detectMedia(bytes: Uint8Array): string | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (u32(bytes, 0) === 0x89504e47 && u32(bytes, 4) === 0x0d0a1a0a) return 'image/png';
  if (ascii(bytes, 0, 'GIF87a') || ascii(bytes, 0, 'GIF89a')) return 'image/gif';
  // "BM" alone is two letters of text; the DIB header's own size must be one of the known headers.
  if (ascii(bytes, 0, 'BM') && [12, 40, 52, 56, 64, 108, 124].includes(u32(bytes, 14, true))) return 'image/bmp';
  if (ascii(bytes, 0, 'RIFF')) {
    if (ascii(bytes, 8, 'WEBP')) return 'image/webp';
    if (ascii(bytes, 8, 'WAVE')) return 'audio/wav';
    if (ascii(bytes, 8, 'AVI ')) return 'video/x-msvideo';
    return null;
  }
  // An ID3v2 tag (major version 2–4) starts most mp3 files.
  if (ascii(bytes, 0, 'ID3') && bytes.length >= 5 && bytes[3]! >= 2 && bytes[3]! <= 4 && bytes[4] !== 0xff) return 'audio/mpeg';
  if (ascii(bytes, 0, 'OggS') && bytes[4] === 0) return 'audio/ogg';
  if (ascii(bytes, 0, 'fLaC')) return 'audio/flac';
  if (ascii(bytes, 0, '#!AMR-WB\n')) return 'audio/amr-wb';
  if (ascii(bytes, 0, '#!AMR\n')) return 'audio/amr';
  return iso(bytes) ?? ebml(bytes) ?? frameSync(bytes);
}
