/**
 * The route table is the one list of pages: the scripts, fixtures and e2e specs import it. What can
 * still disagree with it are files that cannot import it, checked here: the page files themselves and
 * the pages Lighthouse CI audits (lighthouserc.json).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEXT_PAGES, pageName } from '../../scripts/lib/pages.mjs';
import { LOCALES } from './locale';
import { ROUTES, routeFor, titleKey, type RoutePath } from './routes';

const PAGES = 'src/pages/[...locale]';
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)]));

describe('the route table', () => {
  it('names each path once', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(paths.filter((path, i) => paths.indexOf(path) !== i)).toEqual([]);
  });

  it('has a page file for every route, and a route for every page file', () => {
    const pages = files(PAGES).map((file) => relative(PAGES, file).replace(/\.astro$/, ''));
    expect(pages.sort()).toEqual(ROUTES.map((r) => pageName(r.path)).sort());
  });

  it('finds a route by its path, and refuses a path it does not list', () => {
    expect(routeFor('license.html')).toMatchObject({ area: 'legal', signIn: false });
    // A path from outside the table (a URL, a file name) is only a string: the lookup refuses it at run time too.
    expect(() => routeFor('license' as RoutePath)).toThrow('No route "license"');
  });

  it('folds a path into its title key', () => {
    expect(['', 'vip-center', 'license.html', 'PrivacyPolicy/ChildrenPolicy'].map(titleKey)).toEqual([
      'home',
      'vip-center',
      'license',
      'PrivacyPolicy-ChildrenPolicy',
    ]);
  });

  it('gives the byte budget its text pages by page name: the legal texts, and only they', () => {
    expect(TEXT_PAGES).toEqual(expect.arrayContaining(['license', 'privacy-policy_2', 'PrivacyPolicy/ChildrenPolicy', 'vip_license']));
    expect(TEXT_PAGES).not.toContain('automatic-lyrics');
    expect(TEXT_PAGES).not.toContain('index');
  });
});

describe('Lighthouse CI (lighthouserc.json)', () => {
  it('audits one page of the table per area, every area but the empty home page', () => {
    const urls: string[] = JSON.parse(readFileSync('lighthouserc.json', 'utf8')).ci.collect.url;
    const audited = urls.map((url) => {
      const [first = '', ...rest] = new URL(url).pathname.slice(1).split('/');
      return routeFor(((LOCALES as readonly string[]).includes(first) ? rest.join('/') : [first, ...rest].join('/')) as RoutePath).area;
    });
    const areas = new Set(ROUTES.map((r) => r.area).filter((area) => area !== 'none'));
    expect(audited.sort()).toEqual([...areas].sort());
  });
});
