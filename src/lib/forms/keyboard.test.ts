// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeHost, type FakeHost } from '../../../server/fake-host';
import { keyboardRoom } from './keyboard';

let host: FakeHost | undefined;
afterEach(() => {
  host?.uninstall();
  host = undefined;
  vi.unstubAllGlobals();
});

describe('room for the keyboard', () => {
  it('is none when the host says the keyboard is down, or there is no host', () => {
    expect(keyboardRoom()).toBe(0);
    host = installFakeHost(window, { hasKeyboard: false });
    expect(keyboardRoom()).toBe(0);
  });

  it("is a keyboard's share of the window when the WebView did not resize for it", () => {
    vi.stubGlobal('innerHeight', 780);
    vi.stubGlobal('visualViewport', { height: 780, offsetTop: 0 });
    host = installFakeHost(window, { hasKeyboard: true });
    expect(keyboardRoom()).toBe(351);
  });

  it('is what the visual viewport lost, when it reports the keyboard', () => {
    vi.stubGlobal('innerHeight', 780);
    vi.stubGlobal('visualViewport', { height: 480, offsetTop: 0 });
    host = installFakeHost(window, { hasKeyboard: true });
    expect(keyboardRoom()).toBe(300);
  });

  it('is none when the window itself shrank for the keyboard (the page reflows by itself)', () => {
    vi.stubGlobal('innerHeight', 780);
    vi.stubGlobal('visualViewport', { height: 780, offsetTop: 0 });
    host = installFakeHost(window, { hasKeyboard: true });
    keyboardRoom();
    vi.stubGlobal('innerHeight', 430);
    vi.stubGlobal('visualViewport', { height: 430, offsetTop: 0 });
    expect(keyboardRoom()).toBe(0);
  });

  it('reads a host that throws or lies as no keyboard', () => {
    host = installFakeHost(window, { throwing: ['hasKeyboard'] });
    expect(keyboardRoom()).toBe(0);
    host.uninstall();
    host = installFakeHost(window, { overrides: { hasKeyboard: '<b>yes</b>' } });
    expect(keyboardRoom()).toBe(0);
  });
});
