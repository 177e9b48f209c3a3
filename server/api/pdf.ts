/**
 * A small, valid PDF of text lines (one page per 45 lines, Helvetica, WinAnsi text): what the
 * reference server sends as the personal-data export. Characters outside Latin-1 are written as
 * `?`: a production backend renders every script with embedded fonts and encrypts the file with the
 * user's password (docs/personal.md).
 */

const LINES_PER_PAGE = 45;

const escape = (text: string) => text.replace(/[^\x20-\x7e\xa0-\xff]/g, '?').replace(/([\\()])/g, '\\$1');

/** @example pdfOf('Your personal data', ['Nickname: Test User']) // Buffer starting with %PDF-1.4 */
export function pdfOf(title: string, lines: readonly string[]): Buffer {
  const pages: string[][] = [];
  const all = [title, '', ...lines];
  for (let i = 0; i < all.length; i += LINES_PER_PAGE) pages.push(all.slice(i, i + LINES_PER_PAGE));
  const objects: string[] = [];
  // Object numbers start at 1: the new length is the number of the object just added.
  const add = (body: string) => objects.push(body);
  add('<< /Type /Catalog /Pages 2 0 R >>');
  add(''); // pages, filled in below
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const kids: number[] = [];
  for (const page of pages) {
    const text = page.map((line, i) => `${i === 0 ? '' : '0 -16 Td '}(${escape(line)}) Tj`).join('\n');
    const stream = `BT /F1 11 Tf 56 790 Td\n${text}\nET`;
    const content = add(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
    kids.push(add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${content} 0 R >>`));
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
