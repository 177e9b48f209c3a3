/**
 * build/lower-inline.ts: Astro's inline scripts lowered to the floor, ours left as they are, and
 * each page's CSP naming exactly the inline scripts and styles it carries; and the build stops on a
 * page whose Astro scripts it could not lower (docs/upgrading.md, "Astro's inline scripts").
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { lowerPage, unlisted, unlowered } from '../../build/lower-inline.ts';

const hash = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;
const policy = (html: string) => /content="([^"]*)"/.exec(html)![1]!;

function page(scripts: string[], styles: string[], listed: string[]) {
  return (
    `<html><head><meta http-equiv="content-security-policy" content="default-src 'self'; script-src ${["'self'", ...listed].join(' ')}; style-src ${["'self'", ...listed].join(' ')};">` +
    styles.map((s) => `<style>${s}</style>`).join('') +
    `</head><body>${scripts.map((s) => `<script>${s}</script>`).join('')}<script type="application/json" id="messages">{"a":1}</script></body></html>`
  );
}

describe('lowerPage', () => {
  it('lowers a script Astro wrote for today’s engines, and the policy names the new bytes', () => {
    const astro = 'try{x()}catch{}';
    const out = lowerPage(page([astro], [], [hash(astro)]), new Map(), new Set());
    const lowered = /<script>([^<]*)<\/script>/.exec(out)![1]!;
    expect(lowered).not.toContain('catch{');
    expect(policy(out)).toContain(`script-src 'self' ${hash(lowered)};`);
    expect(policy(out)).not.toContain(hash(astro));
  });

  it('leaves the scripts it is told to keep byte for byte (ES5 already)', () => {
    const shell = '(function(){var a=1})();';
    const out = lowerPage(page([shell], [], []), new Map(), new Set([shell]));
    expect(out).toContain(`<script>${shell}</script>`);
    expect(policy(out)).toContain(`script-src 'self' ${hash(shell)};`);
  });

  it('names only the page’s own inline scripts and styles, not every page’s', () => {
    const ours = 'a{color:red}';
    const others = ['b{color:blue}', 'c{color:green}'].map(hash);
    const out = lowerPage(page([], [ours], [...others, hash(ours)]), new Map(), new Set());
    expect(policy(out)).toBe(`default-src 'self'; script-src 'self'; style-src 'self' ${hash(ours)};`);
  });

  it('does not count a JSON data block, which runs no code', () => {
    const out = lowerPage(page([], [], []), new Map(), new Set());
    expect(policy(out)).not.toContain(hash('{"a":1}'));
  });
});

describe('unlowered', () => {
  const island = '<astro-island component-url="/_astro/A.x1.js"></astro-island>';
  const shell = '(function(){var a=1})();';
  const keep = new Set([shell]);

  it('passes a page whose islands come with Astro’s classic inline scripts, and a page without islands', () => {
    expect(unlowered(`<script>${shell}</script><script>(()=>{})()</script>${island}`, keep)).toBeNull();
    expect(unlowered(`<script>${shell}</script><script type="application/json" id="messages">{}</script>`, keep)).toBeNull();
  });

  it('stops on islands whose loader is no inline script of Astro’s any more', () => {
    expect(unlowered(`<script>${shell}</script>${island}<script type="module" src="/_astro/loader.js"></script>`, keep)).toMatch(/no inline script of Astro/);
  });

  it('stops on an inline script written in a way it does not lower', () => {
    expect(unlowered(`<script type="module">(()=>{})()</script>${island}`, keep)).toMatch(/<script type="module">/);
  });
});

describe('unlisted', () => {
  it('passes a lowered page, whose CSP names each inline script and style', () => {
    expect(unlisted(lowerPage(page(['try{x()}catch{}'], ['a{color:red}'], []), new Map(), new Set()))).toBeNull();
  });

  it('stops on a CSP it could not rewrite, which still names Astro’s unlowered script', () => {
    const astro = 'try{x()}catch{}';
    const other = page([astro], [], [hash(astro)]).replace("script-src 'self'", "script-src 'strict-dynamic' 'self'");
    expect(unlisted(lowerPage(other, new Map(), new Set()))).toMatch(/an inline script its CSP does not name/);
  });

  it('stops on a page with no CSP', () => {
    expect(unlisted('<html><body><script>1</script></body></html>')).toBe('no CSP meta');
  });
});
