// @vitest-environment happy-dom
/**
 * `usePage().signedIn` hydrates: the build renders every island before any session is known, and
 * Preact keeps the server's attributes when it hydrates, so the first client render must draw what the
 * server drew even when the session store already knows more (another island read it first). From the
 * next render on, it follows the store.
 */
import { hydrate, render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { $session } from '../../lib/session';
import { installFakeHost } from '../../../server/fake-host';
import { usePage } from './page';

let root: HTMLElement;
let drawn: boolean[];

/** A button only a signed-in user may press, as the forms and the pay buttons have. */
function Probe() {
  const { signedIn } = usePage();
  drawn.push(signedIn);
  return <button disabled={!signedIn}>{signedIn ? 'in' : 'out'}</button>;
}

beforeEach(() => {
  drawn = [];
  root = document.createElement('div');
  document.body.append(root);
});

afterEach(() => {
  act(() => render(null, root));
  root.remove();
  $session.set('checking');
});

/** The island's markup as the build wrote it: the session is 'checking' there. */
const built = '<button disabled="">out</button>';
const button = () => root.querySelector('button')!;

it('hydrates signed out, then shows the signed-in user what the store knows', () => {
  $session.set('signed-in');
  root.innerHTML = built;
  act(() => hydrate(<Probe />, root));
  expect(drawn).toEqual([false, true]);
  expect(button().disabled).toBe(false);
  expect(button().textContent).toBe('in');
});

it('shows it before the browser paints again: in a microtask, not an effect a frame later', async () => {
  $session.set('signed-in');
  root.innerHTML = built;
  hydrate(<Probe />, root);
  await Promise.resolve();
  expect(button().disabled).toBe(false);
});

it('follows the session store after hydration', () => {
  root.innerHTML = built;
  act(() => hydrate(<Probe />, root));
  expect(button().disabled).toBe(true);
  act(() => $session.set('signed-in'));
  expect(button().disabled).toBe(false);
  act(() => $session.set('signed-out'));
  expect(button().disabled).toBe(true);
  expect(drawn.at(-1)).toBe(false);
});

it('a first client render that knew the session would leave the built button disabled', () => {
  // What `signedIn: session === 'signed-in'` did: the attribute the build wrote outlives the render.
  function Eager() {
    const { session } = usePage();
    return <button disabled={session !== 'signed-in'}>{session === 'signed-in' ? 'in' : 'out'}</button>;
  }
  $session.set('signed-in');
  root.innerHTML = built;
  act(() => hydrate(<Eager />, root));
  expect(button().disabled).toBe(true);
});

it("reads the account from the host as the first island hydrates, not waiting for the sign-in gate's code", () => {
  // The gate's chunk comes after the first screen's (build/preload-chunks.ts): the page's own island
  // must not wait for it to know the user is signed in, and load what it shows.
  const host = installFakeHost(window);
  try {
    root.innerHTML = built;
    act(() => hydrate(<Probe />, root));
    expect($session.get()).toBe('signed-in');
    expect(button().disabled).toBe(false);
    // Read once: a second island finds it read.
    const reads = host.calls.filter((call) => call.method === 'accountInfo').length;
    expect(reads).toBeGreaterThan(0);
    const other = document.createElement('div');
    document.body.append(other);
    act(() => render(<Probe />, other));
    expect(host.calls.filter((call) => call.method === 'accountInfo')).toHaveLength(reads);
    act(() => render(null, other));
    other.remove();
  } finally {
    host.uninstall();
  }
});
