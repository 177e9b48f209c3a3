/**
 * Links between pages for flows (channel → vip-center, → payError): the same locale prefix, the
 * shell's own query parameters carried over (allow-listed), plus values the flow validated. Never a
 * URL taken from input: the path is always one of our routes, written in code.
 */

import { pageLocale } from './i18n';
import { DEFAULT_LOCALE } from '../shared/locale';
import type { RoutePath } from '../shared/routes';
import { KEEP } from '../shared/shell-rules';

/**
 * @example pageHref('vip-center', { order: 'o-123' }) // '/zh-CN/vip-center?status_height=24&order=o-123'
 */
export function pageHref(path: RoutePath, params: Record<string, string> = {}): string {
  // Drawn on the server (a first screen in the HTML): the page's locale, and no query yet; the shell
  // adds the allow-listed parameters to a tapped link (src/layouts/shell-events.ts).
  if (typeof document === 'undefined') {
    const locale = pageLocale();
    const search = new URLSearchParams(params).toString();
    return `${locale === DEFAULT_LOCALE ? '' : `/${locale}`}/${path}${search ? `?${search}` : ''}`;
  }
  const html = document.documentElement;
  const prefix = html.dataset.prefixed ? `/${html.lang}` : '';
  const current = new URLSearchParams(location.search);
  const query = new URLSearchParams();
  for (const name of KEEP) {
    const value = current.get(name);
    if (value !== null) query.set(name, value);
  }
  for (const [name, value] of Object.entries(params)) query.set(name, value);
  const search = query.toString();
  return `${prefix}/${path}${search ? `?${search}` : ''}`;
}

/**
 * A query value only if it matches the pattern, else null: every flow parameter is checked this way.
 * @example queryParam('plan', /^[\w-]{1,40}$/)
 */
export function queryParam(name: string, pattern: RegExp): string | null {
  const value = new URLSearchParams(location.search).get(name);
  return value !== null && pattern.test(value) ? value : null;
}
