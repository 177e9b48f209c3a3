/**
 * The inline shell script: bundled and minified at build time (build/shell-module.ts), inlined as the
 * first thing in <body> of every page (after the CSP meta, so the policy covers it), hashed into the
 * CSP. It does what must happen before first paint; event wiring waits in shell-events.ts at the end
 * of <body>. Route flags come from `<html data-*>` so the script is byte-identical on every page.
 * It never writes a query value into the DOM as HTML: only validated attributes, CSS variables and
 * textContent. Budget: 3 KB minified (scripts/budget.mjs).
 */
import { normalizeLocale } from '../shared/locale';
import { isMemberAt, type MemberFields } from '../lib/membership-rule';
import { detectBrand } from '../lib/platform';
import { SESSION_ID, applyTheme, hexColor, readQuery, themeOf } from '../shared/shell-rules';
import { shellState } from '../lib/shell-state';

type Host = Record<string, ((arg?: string) => unknown) | undefined>;

const doc = document;
const html = doc.documentElement;
const flags = html.dataset;
// Named once: the minifier can shorten a local name, never a global one (the 2 KB budget).
const loc = location;
const query = readQuery(loc.search);
const host = (window as unknown as { NativeBridge?: Host }).NativeBridge;

/** A synchronous host query as an object; no host, no method or bad JSON gives `{}`. */
function ask(method: string): Record<string, unknown> {
  try {
    // No optional call here: esbuild would expand it for the WebViews it must support (V8 < 91).
    const parsed = JSON.parse(String(host && host[method]!()));
    return parsed && typeof parsed === 'object' ? parsed : {};
  } catch {
    return {};
  }
}

function run() {
  const sessionId = query.get('app_sessionid');
  try {
    if (SESSION_ID.test(sessionId || '')) localStorage.app_sessionid = sessionId;
  } catch {
    // Storage can be full or disabled in a WebView: the API reads the session from storage only, so
    // the one in the address would be no use to it either.
  }
  // Stored, the session leaves the address before anything else is asked for: no locale move, no
  // later navigation, no history entry carries it (the server's Referrer-Policy keeps it out of the
  // Referer of what the head has already requested).
  // Concatenated, not a template: esbuild writes a template as .concat() calls for ES5 (the budget).
  const search = query.rest ? '?' + query.rest : '';
  // Absolute: a path of `//x` alone would be another host's address, which replaceState refuses.
  if (sessionId != null) history.replaceState(null, '', loc.href.replace(/[?#].*/, '') + search + loc.hash);

  // An unprefixed URL is the en-US file; another locale moves to its own prefixed file. The target is
  // always "/<one of nine locales>" + this same-origin path, so it can never leave the site.
  const language = query.get('language');
  const locale = normalizeLocale(language) ?? (language ? null : normalizeLocale(ask('getAppBaseInfo').language));
  if (!flags.prefixed && locale && locale !== 'en-US') {
    loc.replace('/' + locale + loc.pathname + search + loc.hash);
    return;
  }

  const state = shellState({ backBar: !!flags.bar, titleFromQuery: !!flags.tq }, query);
  // The query's theme wins, either of its two parameters (spec §2: the background is set to bgColor).
  const hostTheme = query.has('dark') || query.has('bgColor') ? 0 : ask('dark');
  applyTheme(html, hostTheme ? themeOf(hostTheme.dark, hostTheme.bgColor) : state);
  html.style.setProperty('--sh', `${state.statusHeight}px`);
  html.classList.toggle('has-bar', state.showBackBar);

  try {
    // The query's bgColor, validated six digits, even where the page is not painted with it (themeOf).
    const bgColor = hexColor(query.get('bgColor'));
    if (bgColor) localStorage.bgColor = bgColor;
  } catch {
    // Storage can be full or disabled in a WebView; the page works without it.
  }

  // Which sign-in gate shows (src/islands/ui/AppGate.tsx: all three are in the HTML, gate.css shows
  // one), so the first paint is the right one. The gate's script keeps it current from then on.
  const account = typeof host == 'object' && host ? ask('accountInfo') : null;
  flags.session = !account ? 'no-app' : account.isLogin === true ? 'signed-in' : 'signed-out';
  // Member or not by the host's word, the store's rule, for the first screens that differ (the
  // server's word replaces it once it answers).
  if (flags.session == 'signed-in' && isMemberAt(account as MemberFields, Date.now())) flags.member = '1';
  if (flags.session == 'no-app' && detectBrand(navigator.userAgent) == 'other') flags.brand = 'other';

  const title = state.titleText ?? (state.myFeedbackTitle ? flags.mf : '');
  if (title) {
    // The heading is parsed after this script: it stays hidden until shell-events.ts copies this in.
    doc.title = title;
    html.classList.add('title-swap');
  }
}

try {
  run();
} catch {
  // An engine below the floor that lacks something run() uses: the page keeps its default look, and
  // its text stays readable (the nomodule notice tells the user what to update).
}
