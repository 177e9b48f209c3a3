/**
 * Why: each page embeds the messages its islands show (src/layouts/Page.astro), and the build cuts the
 * areas of PRUNED_AREAS to the keys the page's code names (build/prune-messages.ts). A key the
 * code builds at run time would then be missing from the page and show as its key.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRUNED_AREAS, pageCode, prunePage } from '../../build/prune-messages.ts';

const page = (messages: object, islands = '<astro-island component-url="/_astro/Island.a.js"></astro-island>') =>
  // As the layout writes it: `<` escaped, so the JSON cannot close its element.
  `<body><script type="application/json" id="messages">${JSON.stringify(messages).replace(/</g, '\\u003c')}</script>${islands}</body>`;
const embedded = (html: string) => JSON.parse(/id="messages">([\s\S]*?)<\/script>/.exec(html)![1]!);

describe('prune-messages', () => {
  const files: Record<string, string> = {
    '/_astro/Island.a.js': 'import{t}from"./core.b.js";t(`vip.plans`);const later=()=>__importAgain(`./Part.c.js`,import.meta.url);',
    '/_astro/core.b.js': 'export const t=(k)=>k; const s="vip.daysLeft";',
    '/_astro/Part.c.js': 'import("./Deeper.d.js");t("vip.getsQueued")',
    '/_astro/Deeper.d.js': "t('vip.doneQueued')",
  };
  const read = (url: string) => files[url]!;

  it('keeps the keys the page’s code names, through static and later imports, and drops the rest', () => {
    const html = page({ shell: { ok: 'OK' }, vip: { plans: 'Plans', daysLeft: 'D', getsQueued: 'Q', doneQueued: 'Done', renewalOff: 'Off', plan: 'Plan' } });
    const pruned = prunePage(html, pageCode(html, read));
    // `vip.plan` is not named: `vip.plans` is another key.
    expect(embedded(pruned)).toEqual({ shell: { ok: 'OK' }, vip: { plans: 'Plans', daysLeft: 'D', getsQueued: 'Q', doneQueued: 'Done' } });
  });

  it('leaves areas it does not prune whole, and keeps the embed unable to close its element', () => {
    const html = page({ error: { a: '</script><b>', b: 'B' }, vip: {} });
    const pruned = prunePage(html, pageCode(html, read));
    expect(pruned).toContain('\\u003c/script>');
    expect(pruned).not.toContain('</script><b>');
    expect(embedded(pruned).error).toEqual({ a: '</script><b>', b: 'B' });
  });

  it('only areas whose keys the code always names whole are pruned: no `area.${…}` anywhere in src', () => {
    const sources = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        return statSync(path).isDirectory() ? sources(path) : /\.(ts|tsx|astro)$/.test(name) ? [readFileSync(path, 'utf8')] : [];
      });
    const code = sources('src').join('\n');
    for (const area of PRUNED_AREAS) expect(code, area).not.toMatch(new RegExp(`[\`'"]${area}\\.\\$\\{`));
  });
});
