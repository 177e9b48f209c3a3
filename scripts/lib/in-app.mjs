// The state users actually see, for Lighthouse: the page opened inside the app. The fake host
// (server/fake-host: the whole bridge contract over an in-memory state) is injected before any page
// script, as the app injects NativeBridge, and its user is signed in with a session the reference
// server issued, as the app's account service would.
import { buildSync } from 'esbuild';
import { JS_TARGET } from '../../build/engines.ts';

let bundle;
// The fake host's default user (server/fake-host/state.ts).
export const IN_APP_UID = '10001';

/**
 * The fake host bundled for the browser, once per process: it defines `__fakeHostModule`. The e2e
 * fixtures (tests/fixtures/pages.ts) inject it too.
 * @example `${fakeHostSource()};__fakeHostModule.installFakeHost(window, {})`
 */
export function fakeHostSource() {
  bundle ??= buildSync({
    entryPoints: ['server/fake-host/index.ts'],
    bundle: true,
    format: 'iife',
    globalName: '__fakeHostModule',
    write: false,
    // The floor: the engine matrix injects it into Chromium 64 too (tests/engines).
    target: JS_TARGET,
  }).outputFiles[0].text;
  return bundle;
}

/**
 * The script that installs the host in every document of a page (`evaluateOnNewDocument`).
 * @example await page.evaluateOnNewDocument(hostScript())
 */
export function hostScript(options = {}) {
  return `${fakeHostSource()};window.__fakeHost=__fakeHostModule.installFakeHost(window, ${JSON.stringify({ sessionUrl: '/api/dev/session', ...options })});`;
}

/**
 * A session of `uid` from the reference server at `origin` (its development account service).
 * @example `/vip-center?status_height=24&app_sessionid=${await issueSession(origin)}`
 */
export async function issueSession(origin, uid = IN_APP_UID) {
  const reply = await fetch(`${origin}/api/dev/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ uid }) });
  if (!reply.ok) throw new Error(`no session for ${uid}: HTTP ${reply.status}`);
  return (await reply.json()).data.app_sessionid;
}
