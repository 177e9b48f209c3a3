/**
 * Routes: every URL of spec §2 with its shell flags. Pages read this table at build time and the
 * shell script reads the flags back from `<html data-*>`, so there is one source of truth. It is also
 * the list of pages for everything else: the byte budget and the bench (scripts/, run by Node 24
 * straight from this file, so it keeps to erasable TypeScript and imports nothing), and the e2e sweeps.
 * A new route is one line below plus its page file and its title (docs/routes-and-locales.md).
 */

/** Which product area builds the page's body (one issue each). */
export type Area = 'none' | 'vip' | 'coins' | 'report' | 'help' | 'music' | 'legal' | 'personal';

/**
 * Top padding (spec §2): `none` = 0 (the page draws its own header under the status bar),
 * `bar` = status_height + 50 (status bar plus the back bar), `status` = status_height only.
 */
export type Padding = 'none' | 'bar' | 'status';

export interface Route {
  /** The exact URL path without the leading slash, `.html` kept where the host app links it so. */
  path: string;
  area: Area;
  /** Shows the back bar, only when `status_height` is in the query (spec §2). */
  backBar: boolean;
  /** What the back bar does: go back in history, or close the WebView (`finishPage`). */
  back: 'history' | 'finish';
  signIn: boolean;
  /** "cached" in the original SPA: kept bfcache-eligible, islands restore their state on `pageshow`. */
  cached: boolean;
  padding: Padding;
  /**
   * The page opens with a coloured band under the status bar (padding `none`): the back bar is part of
   * it, white over the band's colour (`<html data-band>`, src/styles/base.css).
   */
  band: boolean;
  /** `top`: scroll to 0 whenever shown; `keep`: restore the last position after a reload too. */
  scroll: 'default' | 'top' | 'keep';
  /** The `title` query overrides the translated title (shown as text, never HTML). */
  titleFromQuery: boolean;
  /** A page for the app team, not for users (the bridge check): `noindex`, linked from no user page. */
  tool: boolean;
}

type Flags = Partial<Omit<Route, 'path' | 'area'>>;

const route = <P extends string>(path: P, area: Area, flags: Flags = {}): Route & { path: P } => ({
  path,
  area,
  backBar: true,
  back: 'history',
  signIn: true,
  cached: false,
  padding: 'bar',
  band: false,
  scroll: 'default',
  titleFromQuery: false,
  tool: false,
  ...flags,
});

// Text pages are readable without signing in: the app links them from its sign-in and consent screens.
const text = <P extends string>(path: P) => route(path, 'legal', { signIn: false });

export const ROUTES = [
  route('', 'none', { backBar: false, signIn: false }),
  route('vip-center', 'vip', { backBar: false, padding: 'none' }),
  route('channel', 'vip', { signIn: false, padding: 'none' }),
  route('payError', 'vip', { padding: 'none' }),
  route('vip-management', 'vip', { padding: 'none', band: true }),
  route('renewal-management', 'vip', { padding: 'none' }),
  route('exchange-members', 'vip', { cached: true }),
  route('download', 'music', { cached: true, scroll: 'top', padding: 'none', band: true }),
  route('oppo-music', 'music', { cached: true }),
  route('center-station', 'music', { cached: true }),
  route('song-test', 'music'),
  route('good-list', 'music'),
  route('submit-success', 'music'),
  route('feedback', 'help'),
  route('feedback2', 'help'),
  route('k-report', 'report'),
  route('k-feedback', 'report'),
  route('k-appeal', 'report'),
  route('k-recharge', 'coins', { scroll: 'keep', padding: 'none', band: true }),
  route('k-transactions', 'coins', { padding: 'none' }),
  route('search-keyword', 'help', { backBar: false, padding: 'status' }),
  route('detail-questions', 'help', { titleFromQuery: true }),
  route('my-feedback', 'help', { cached: true }),
  route('my-feedback1', 'help', { cached: true }),
  route('my-detail', 'help'),
  route('my-detail2', 'help'),
  route('help-feedback', 'help', { cached: true, back: 'finish' }),
  route('q-and-a', 'help', { titleFromQuery: true }),
  // An explanation, readable without an account: a text page with no JS.
  route('automatic-lyrics', 'help', { signIn: false }),
  // What the server answers, with status 404, for an address the site does not have (server/app.ts).
  route('404', 'none', { signIn: false }),
  // The host team's conformance kit (docs/bridge.md "Checking a host"), opened in their app.
  route('bridge-check', 'none', { signIn: false, tool: true }),
  text('PrivacyPolicy/ChildrenPolicy'),
  text('privacy-policy_v1_0.html'),
  text('license.html'),
  route('vip_license', 'legal', { signIn: false, padding: 'none' }),
  text('asset-migration.html'),
  text('source-license.html'),
  route('auto_renewal', 'legal', { signIn: false, padding: 'none' }),
  text('logout-warn.html'),
  text('infoList.html'),
  text('shareList.html'),
  text('policyAbstract.html'),
  text('authProtocol.html'),
  text('privacy-policy_2.html'),
  route('private.html', 'personal'),
  route('accountData.html', 'personal'),
  route('deviceData.html', 'personal'),
  route('accountOrDevice.html', 'personal'),
  route('AccountOrDevicePdf.html', 'personal'),
  route('personalDataDownload.html', 'personal'),
  route('personalDataDownload2.html', 'personal'),
] as const satisfies readonly Route[];

/**
 * A path of the table: what `pageHref()`, `routeFor()` and `<Page route>` accept, so a link to a page
 * that does not exist fails the type check.
 * @example const path: RoutePath = 'vip-center'
 */
export type RoutePath = (typeof ROUTES)[number]['path'];

const BY_PATH = new Map<string, Route>(ROUTES.map((r) => [r.path, r]));

/**
 * The route for a path as the page files name it (`license.html`, `vip-center`).
 * @example routeFor('vip-center').padding // 'none'
 */
export function routeFor(path: RoutePath): Route {
  const found = BY_PATH.get(path);
  if (!found) throw new Error(`No route "${path}" in src/shared/routes.ts`);
  return found;
}

/** The message key of a route's title: `title.<path>`, with `/` and `.html` folded. */
export function titleKey(path: string): string {
  return path === '' ? 'home' : path.replace(/\.html$/, '').replace(/\//g, '-');
}

/**
 * Text pages ship no JavaScript of their own, only the shell's inline script (the byte budget checks it).
 * @example isTextPage(routeFor('license.html')) // true
 */
export const isTextPage = (r: Route) => r.area === 'legal';
