/**
 * The simulator page (bundled to /__host/sim.js): keeps the settings, publishes the host state the
 * framed page's injected host reads on load (`window.__sim`, also saved), opens the route in the frame
 * and talks to the injected host (host-entry.ts) to log calls and fire events.
 */
import { effectOf, fillOptions, readField, showSettings } from './controls';
import { createLog } from './log';
import { changedFields, defaultSettings, frameUrl, hostState, readSettings, THEMES, type Settings } from './model';
import { showStatusBar, fitPhone } from './phone';
import { HOST_STATE_KEY, SETTINGS_KEY, isMessage, type FrameMessage, type ParentMessage } from './protocol';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const form = $<HTMLFormElement>('controls');
const frame = $<HTMLIFrameElement>('frame');
const address = $<HTMLOutputElement>('address');
const statusBar = $('statusbar');
const log = createLog($<HTMLOListElement>('log'), $('log-count'), $<HTMLInputElement>('log-filter'));

function load(): Settings {
  try {
    return readSettings(JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? 'null'), Date.now());
  } catch {
    return defaultSettings(Date.now());
  }
}

let settings = load();
/** The host state the framed page started with, to send only what changed when applying live. */
let published = hostState(settings, Date.now());

/** Saves the settings and the host state the next page load will read (host-entry.ts). */
function publish(): void {
  published = hostState(settings, Date.now());
  (window as unknown as Record<string, unknown>)[HOST_STATE_KEY] = published;
  try {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings));
    localStorage.setItem(HOST_STATE_KEY, JSON.stringify(published));
  } catch {
    // Without storage the simulator still works; it just forgets on reload.
  }
}

const send = (message: ParentMessage) => frame.contentWindow?.postMessage(message, location.origin);

/** A navigation we started has not loaded yet: the frame still shows the old document. */
let navigating = false;

/** The session the account service issued for the signed-in user, '' when signed out. */
let sessionId = '';

/** The development routes take JSON only (a cross-site page can post text/plain without asking first). */
const JSON_BODY = { 'content-type': 'application/json' };

/** Asks the reference server's account service for a session of the host's user, as the app holds one. */
async function signInBackend(): Promise<void> {
  const uid = published.baseInfo.uid;
  sessionId = '';
  if (!uid) return;
  try {
    const response = await fetch('/api/dev/session', { method: 'POST', headers: JSON_BODY, body: JSON.stringify({ uid }) });
    sessionId = response.ok ? String((await response.json()).data.app_sessionid) : '';
    log.mark(sessionId ? `Session issued for ${uid}` : `Backend refused a session for ${uid} (HTTP ${response.status})`);
  } catch {
    log.mark('Backend unreachable: the page has no session');
  }
}

function navigate(): void {
  showStatusBar(statusBar, settings.statusHeight, THEMES[settings.theme].dark === 1);
  navigating = true;
  frame.src = frameUrl(settings, sessionId);
}

/** Opens the frame's current page again (it may have moved on from the settings' URL by a link or a redirect). */
function reload(): void {
  // Reloading the old document would cancel the navigation to the new URL.
  if (navigating) return navigate();
  try {
    frame.contentWindow!.location.reload();
  } catch {
    navigate();
  }
}

/**
 * The coin balance lives on the reference backend too (the page confirms `getKCoins` there): set it
 * before the page asks, or the page would correct the host's balance back to the server's.
 */
async function syncBackend(key: keyof Settings): Promise<void> {
  if (key === 'signedIn') return signInBackend();
  const uid = published.baseInfo.uid;
  if (key !== 'coins' || !uid) return;
  try {
    const response = await fetch('/api/dev/coins', { method: 'POST', headers: JSON_BODY, body: JSON.stringify({ uid, balance: settings.coins }) });
    log.mark(response.ok ? `Backend balance of ${uid} set to ${settings.coins}` : `Backend refused the balance (HTTP ${response.status})`);
  } catch {
    log.mark('Backend unreachable: only getKCoins changed');
  }
}

async function change(el: HTMLInputElement | HTMLSelectElement): Promise<void> {
  const field = readField(el);
  if (!field) return showSettings(form, settings);
  const before = published;
  settings = { ...settings, [field.key]: field.value };
  publish();
  await syncBackend(field.key);
  const effect = effectOf(field.key);
  if (effect === 'navigate') navigate();
  else if (effect === 'live' || (effect === 'host' && !settings.reloadOnChange)) send({ type: 'set', partial: changedFields(before, published) });
  else if (effect === 'host') reload();
}

addEventListener('message', (event) => {
  // Only the framed page of this site speaks to the simulator.
  if (event.source !== frame.contentWindow || event.origin !== location.origin) return;
  const data: unknown = event.data;
  if (!isMessage<FrameMessage>(data, ['bridge-call', 'host-ready'])) return;
  if (data.type === 'bridge-call') log.add(data.call);
  else {
    const url = new URL(data.url);
    address.value = url.pathname + url.search;
    log.mark(`Loaded ${address.value}`);
  }
});

// Also for pages without the host script (a PDF, a 404): the address still follows the frame.
frame.addEventListener('load', () => {
  navigating = false;
  try {
    const { pathname, search } = frame.contentWindow!.location;
    address.value = pathname + search;
  } catch {
    // A page of another origin: its address is not ours to read.
  }
});

// The h5Dark theme select lives in the stage toolbar (form="controls"): its events do not bubble to the form.
document.addEventListener('change', (event) => {
  const el = event.target as HTMLInputElement | HTMLSelectElement;
  if (el.form === form && el.name) void change(el);
});
form.addEventListener('submit', (event) => event.preventDefault());

$('reload').addEventListener('click', reload);
$('send-h5dark').addEventListener('click', () => {
  const theme = THEMES[settings.h5DarkTheme];
  // The app's dark() answers the new theme from now on, as after a real switch.
  send({ type: 'set', partial: theme });
  send({ type: 'emit', name: 'h5Dark', payload: theme });
  showStatusBar(statusBar, settings.statusHeight, theme.dark === 1);
});
$('send-resume').addEventListener('click', () => send({ type: 'emit', name: 'onResume' }));
$('log-clear').addEventListener('click', () => log.clear());
// The bridge check opens in the frame, against this simulator, like any route.
$('bridge-check').addEventListener('click', (event) => {
  event.preventDefault();
  settings = { ...settings, route: 'bridge-check' };
  showSettings(form, settings);
  publish();
  navigate();
});
$('bridge-reports-refresh').addEventListener('click', () => void showBridgeReports());

/** The reports /bridge-check sent to this server (POST /api/dev/bridge-report), newest first, as text. */
async function showBridgeReports(): Promise<void> {
  const list = $<HTMLOListElement>('bridge-reports');
  try {
    const { data } = (await (await fetch('/api/dev/bridge-reports')).json()) as { data: { reports: BridgeReportLine[] } };
    list.replaceChildren(
      ...data.reports.map((r) => {
        const item = document.createElement('li');
        const failed = r.results.filter((x) => x.status === 'fail').map((x) => x.call);
        item.textContent = `${r.at}: Chromium ${r.engine.chromium ?? '?'}, app ${r.app.version ?? '?'}: ${r.summary.pass} pass, ${r.summary.fail} fail${failed.length ? ` (${failed.join(', ')})` : ''}, ${r.summary.skipped} not run`;
        return item;
      }),
    );
    if (!data.reports.length) list.textContent = 'None yet.';
  } catch {
    list.textContent = 'The server did not answer.';
  }
}

interface BridgeReportLine {
  at: string;
  engine: { chromium: number | null };
  app: { version: string | null };
  summary: { pass: number; fail: number; skipped: number };
  results: { call: string; status: string }[];
}
$('reset').addEventListener('click', async () => {
  settings = defaultSettings(Date.now());
  showSettings(form, settings);
  publish();
  await signInBackend();
  navigate();
});

// On a phone-sized screen only the page controls start open, so the frame is a short scroll away.
if (matchMedia('(max-width: 699px)').matches) form.querySelectorAll('details:not(:first-of-type)').forEach((d) => d.removeAttribute('open'));
fillOptions(form);
showSettings(form, settings);
publish();
fitPhone(document.querySelector('.stage')!, $('phone-slot'), $('phone'));
void signInBackend().then(navigate);
