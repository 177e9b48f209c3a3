/**
 * Astro integration: after the build, each page's embedded messages (`<script type="application/json"
 * id="messages">`, src/layouts/Page.astro) keep, of the areas in PRUNED_AREAS, only the keys that the
 * page's JavaScript names: its scripts and islands and every chunk they load, at once or later
 * (`import()`, the build's `__importAgain`). An area embeds whole otherwise, and the VIP pages each
 * carried all of `vip`'s 100-odd messages where each uses about two thirds (th-TH /vip-center: 2.7 KB
 * gzip of them, 1.9 KB needed), in the HTML that must arrive in the first round trip.
 *
 * Only areas whose keys the code always names whole may be pruned (`vip.plans`, never `` `vip.${x}` ``):
 * tests/unit/prune-messages.test.ts fails on a key built at run time in one of them. What a page's
 * server render needs is unaffected: it renders before, with every message.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { entryUrls, htmlFilesIn, reachableGraph } from '../scripts/lib/chunk-graph.mjs';

/**
 * Areas whose keys are only ever named whole in the code.
 * @example PRUNED_AREAS // ['vip']
 */
export const PRUNED_AREAS = ['vip'];

const EMBED = /(<script type="application\/json" id="messages">)([\s\S]*?)(<\/script>)/;

/**
 * The code of every chunk a page may run: its entries, and whatever names a `./x.js` of theirs, loaded
 * at once or later. More than it runs at worst (a chunk named but never loaded): keys are kept, never lost.
 * @param read the text of a file of the build by its URL path
 * @example pageCode(html, (url) => readFileSync(join('dist', url), 'utf8'))
 */
export const pageCode = (html: string, read: (url: string) => string): string => [...reachableGraph(entryUrls(html), read)].map(read).join('\n');

/**
 * The page with its embedded messages pruned: of each area in `areas`, the keys `code` names whole.
 * @example prunePage(html, code) // the same page, `vip` cut to what its islands use
 */
export function prunePage(html: string, code: string, areas: string[] = PRUNED_AREAS): string {
  const found = EMBED.exec(html);
  if (!found) return html;
  const messages = JSON.parse(found[2]!) as Record<string, Record<string, unknown> | undefined>;
  for (const area of areas) {
    if (!messages[area]) continue;
    const named = (key: string) => new RegExp(`(?<![\\w.$])${area}\\.${key.replace(/\$/g, '\\$')}(?![\\w$])`).test(code);
    messages[area] = Object.fromEntries(Object.entries(messages[area]).filter(([key]) => named(key)));
  }
  // As the layout writes it: JSON inside <script> must not be able to close the element.
  const json = JSON.stringify(messages).replace(/</g, '\\u003c');
  return html.replace(EMBED, (_, open, _json, close) => `${open}${json}${close}`);
}

/**
 * The integration, after the build.
 * @example integrations: [pruneMessages()]
 */
export function pruneMessages() {
  return {
    name: 'prune-messages',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const cache = new Map<string, string>();
        const read = (url: string) => cache.get(url) ?? cache.set(url, readFileSync(join(root, url), 'utf8')).get(url)!;
        let before = 0;
        let after = 0;
        for (const file of htmlFilesIn(root)) {
          const html = readFileSync(file, 'utf8');
          if (!EMBED.test(html)) continue;
          const pruned = prunePage(html, pageCode(html, read));
          before += html.length;
          after += pruned.length;
          if (pruned !== html) writeFileSync(file, pruned);
        }
        logger.info(`embedded messages of ${PRUNED_AREAS.join(', ')} cut to what each page's code names: ${before - after} characters fewer in all`);
      },
    },
  } satisfies AstroIntegration;
}
