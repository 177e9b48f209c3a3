/**
 * Serves the built site as the CDN does (docs/deploy.md): try `$uri`, `$uri.html`, `$uri/index.html`;
 * an unprefixed URL with a supported `language` query is rewritten (not redirected) to that locale's
 * file; hashed assets cached for a year, HTML never without revalidation.
 */
import { open, readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { DEFAULT_LOCALE, isLocale, normalizeLocale } from '../src/shared/locale';
import { SESSION_ID } from '../src/shared/shell-rules';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

/**
 * The path of the file to serve for a URL path and its query, or null: the locale rewrite applied,
 * then the three candidates in order. Never leaves `root`.
 * @example await resolveFile('dist', '/license.html', '?language=th') // 'dist/th-TH/license.html'
 */
export async function resolveFile(root: string, pathname: string, search: string): Promise<string | null> {
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (path.includes('\0') || path.split('/').includes('..')) return null;
  const first = path.split('/')[1] ?? '';
  if (!isLocale(first) && !path.startsWith('/_astro/')) {
    const locale = normalizeLocale(new URLSearchParams(search).get('language'));
    if (locale && locale !== DEFAULT_LOCALE) path = `/${locale}${path === '/' ? '' : path}`;
  }
  const base = normalize(join(root, path));
  if (base !== normalize(root) && !base.startsWith(normalize(root) + sep)) return null;
  const trimmed = base.endsWith(sep) ? base.slice(0, -1) : base;
  for (const candidate of [trimmed, `${trimmed}.html`, join(trimmed, 'index.html')]) {
    const info = await stat(candidate).catch(() => null);
    if (info?.isFile()) return candidate;
  }
  return null;
}

/** Cache policy by file: hashed build assets forever, everything else revalidated. */
export function cacheControl(urlPath: string): string {
  return urlPath.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : 'no-cache';
}

// The page's opening tag names its first reads' script (build/first-reads-script.ts) within its first bytes.
const HEAD_BYTES = 1024;
const FIRST_READS = / data-reads="(first-reads\.[\w-]+)"/;

/**
 * The first reads' script as a preload in the response's headers (`Link`), on a page with first reads
 * opened with a session in its query, as the app opens a signed-in user's page: it is then asked for
 * with the response, not once the parser reaches the page's inline script (src/layouts/reads-script.ts,
 * which asks for it all the same where no header did, as on a link between our pages). The sealed reads
 * leave that much sooner: the useful mark 22–53 ms sooner on the data pages (docs/performance.md,
 * "Useful content"). The script's name is the build's, read from the page; nothing of the query goes
 * into the header. deploy/nginx/h5.conf sends the same.
 * @example await firstReadsLink('dist/vip-center.html', new URL('http://x/vip-center?app_sessionid=s1')) // '</_astro/first-reads.c14RjQfe.js>; rel=preload; as=script'
 */
export async function firstReadsLink(file: string, url: URL): Promise<string | undefined> {
  if (extname(file) !== '.html' || !SESSION_ID.test(url.searchParams.get('app_sessionid') ?? '')) return undefined;
  const handle = await open(file);
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(HEAD_BYTES), 0, HEAD_BYTES, 0);
    const name = FIRST_READS.exec(buffer.toString('utf8', 0, bytesRead))?.[1];
    return name && `</_astro/${name}.js>; rel=preload; as=script`;
  } finally {
    await handle.close();
  }
}

/**
 * A response for the file, or null when there is none.
 * @example await serveStatic('dist', new URL('http://x/vip-center'))
 */
export async function serveStatic(root: string, url: URL, acceptEncoding = ''): Promise<Response | null> {
  const file = await resolveFile(root, url.pathname, url.search);
  if (!file) return null;
  const headers: Record<string, string> = {
    'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
    'cache-control': cacheControl(url.pathname),
    'x-content-type-options': 'nosniff',
  };
  const link = await firstReadsLink(file, url);
  if (link) headers.link = link;
  const packed = await precompressed(file, acceptEncoding);
  if (packed) {
    headers['content-encoding'] = packed.encoding;
    headers.vary = 'Accept-Encoding';
  }
  return new Response(new Uint8Array(packed?.body ?? (await readFile(file))), { headers });
}

/**
 * The build's brotli or gzip copy of an asset or a page (build/precompress.ts) that the client
 * accepts, brotli first; null when there is none, and the response is compressed in flight instead.
 */
async function precompressed(file: string, acceptEncoding: string): Promise<{ encoding: string; body: Buffer } | null> {
  // `br;q=0` refuses brotli; any other weight accepts it (the order between br and gzip is ours).
  const accepted = new Set(
    acceptEncoding
      .split(',')
      .map((part) =>
        part
          .trim()
          .toLowerCase()
          .split(/\s*;\s*q=/),
      )
      .filter(([, q]) => q === undefined || Number(q) > 0)
      .map(([name]) => name),
  );
  for (const [encoding, suffix] of [
    ['br', '.br'],
    ['gzip', '.gz'],
  ] as const) {
    if (!accepted.has(encoding)) continue;
    const body = await readFile(file + suffix).catch(() => null);
    if (body) return { encoding, body };
  }
  return null;
}
