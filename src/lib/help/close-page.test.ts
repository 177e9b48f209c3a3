// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeHost, type FakeHost } from '../../../server/fake-host';
import { closePage, leavePage } from './close-page';

let host: FakeHost | undefined;
const calls = () => host!.calls.filter((c) => c.kind === 'command').map((c) => c.method);

afterEach(() => {
  host?.uninstall();
  host = undefined;
  vi.restoreAllMocks();
});

describe('closing the page from its own controls', () => {
  it('uses exit when the app has it', () => {
    host = installFakeHost(window);
    expect(closePage()).toBe(true);
    expect(calls()).toEqual(['exit']);
  });

  it('uses finishPage on an app without exit, or whose exit throws', () => {
    host = installFakeHost(window, { missing: ['exit'] });
    expect(closePage()).toBe(true);
    expect(calls()).toEqual(['finishPage']);
    host.uninstall();
    host = installFakeHost(window, { throwing: ['exit'] });
    expect(closePage()).toBe(true);
    expect(calls()).toEqual(['exit', 'finishPage']);
  });

  it('says so outside the app', () => {
    expect(closePage()).toBe(false);
  });

  it('goes back to the page of the site the user came from, and closes a page the app opened', () => {
    host = installFakeHost(window);
    const back = vi.spyOn(history, 'back').mockImplementation(() => {});
    const length = vi.spyOn(history, 'length', 'get').mockReturnValue(2);
    const referrer = vi.spyOn(document, 'referrer', 'get').mockReturnValue(`${location.origin}/help-feedback?status_height=24`);
    leavePage(() => '/help-feedback');
    expect(back).toHaveBeenCalledOnce();
    expect(calls()).toEqual([]);
    // Opened by the app: no referrer, whatever history holds (a dialog's entry, say).
    referrer.mockReturnValue('');
    leavePage(() => '/help-feedback');
    // From another site, or with nothing to go back to.
    referrer.mockReturnValue('https://elsewhere.example/page');
    leavePage(() => '/help-feedback');
    referrer.mockReturnValue(`${location.origin}/help-feedback`);
    length.mockReturnValue(1);
    leavePage(() => '/help-feedback');
    expect(calls()).toEqual(['exit', 'exit', 'exit']);
    expect(back).toHaveBeenCalledOnce();
  });
});
