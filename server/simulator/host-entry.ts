/**
 * The simulated host, bundled to /__host/host.js and injected by the reference server as the first
 * thing in <head> of every page loaded in an iframe, so `NativeBridge` exists before the page's own
 * scripts run, as in the app's WebView. It is the fake host of the e2e tests (server/fake-host),
 * steered by the simulator page around the frame.
 */
import { installFakeHost, type FakeHostState } from '../fake-host';
import { EVENTS, HOST_STATE_KEY, isMessage, type FrameMessage, type ParentMessage } from './protocol';

const framed = window.parent !== window;

/** The simulator's state: live from the parent page, else as last saved (a frame outside the simulator). */
function initialState(): Partial<FakeHostState> {
  try {
    const fromParent = framed ? (window.parent as unknown as Record<string, unknown>)[HOST_STATE_KEY] : undefined;
    // A JSON copy: the fake host must never mutate (or keep alive) the parent's object.
    if (fromParent && typeof fromParent === 'object') return JSON.parse(JSON.stringify(fromParent));
  } catch {
    // A cross-origin parent throws on access: fall through to storage.
  }
  try {
    const saved = JSON.parse(localStorage.getItem(HOST_STATE_KEY) ?? 'null');
    if (saved && typeof saved === 'object') return saved;
  } catch {
    // Disabled storage or a bad save: the fake host's defaults.
  }
  return {};
}

function tell(message: FrameMessage): void {
  if (!framed) return;
  try {
    // Only ever to a parent of this origin: the log holds what the page sent to the host.
    window.parent.postMessage(message, location.origin);
  } catch {
    // The log is a convenience: a failure to post must never break the page's bridge call.
  }
}

const host = installFakeHost(window, initialState());
host.onCall((call) => tell({ type: 'bridge-call', call }));
tell({ type: 'host-ready', url: location.href });

addEventListener('message', (event) => {
  if (event.source !== window.parent || event.origin !== location.origin) return;
  const data: unknown = event.data;
  if (!isMessage<ParentMessage>(data, ['emit', 'set'])) return;
  if (data.type === 'set') host.setState(data.partial);
  // Only the host's own events: the simulator must not be able to call arbitrary globals.
  else if (EVENTS.includes(data.name)) host.emit(data.name, data.payload as never);
});
