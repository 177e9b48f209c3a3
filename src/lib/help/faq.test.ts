import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, openPage, type ModelPage } from '../../../tests/fixtures/model-page';
import { ApiError, request } from '../api';
import { setPageText } from '../i18n';
import { loading } from '../model/loadable';
import { $session } from '../session';
import { $home, callHotline, loadHome, watchHome, writeEmail, type HelpHome } from './faq';

vi.mock('../api', async (importActual) => ({ ...(await importActual<typeof import('../api')>()), request: vi.fn() }));

const home = (unread = 0, contacts: Partial<HelpHome> = {}): HelpHome => ({
  categories: [{ id: 'playback', title: 'Playback', questions: [{ id: 'playback-trial', question: 'Why 60 s?' }] }],
  unread,
  hotline: { dial: '+6561234567', display: '+65 6123 4567' },
  email: 'help@example.com',
  ...contacts,
});

let page: ModelPage;
beforeEach(() => {
  $home.set(loading());
  $session.set('signed-in');
});
afterEach(() => {
  page.close();
  $session.set('checking');
});

describe('the help centre home', () => {
  it('loads in the page locale, and a failure is a message the user can retry', async () => {
    page = openPage();
    setPageText('th-TH', {});
    let fail = true;
    const api = fakeApi(vi.mocked(request), { '/api/help/home': () => (fail ? Promise.reject(new ApiError('noInternet')) : home()) });
    await loadHome();
    expect($home.get()).toEqual({ state: 'failed', error: 'error.noInternet' });
    fail = false;
    await loadHome();
    expect($home.get()).toMatchObject({ state: 'ready', data: { unread: 0 } });
    expect(api.bodies('/api/help/home')).toEqual([{ locale: 'th-TH' }, { locale: 'th-TH' }]);
  });

  it('asks again when the app comes back, and stops when the page lets go', async () => {
    page = openPage();
    let unread = 0;
    const api = fakeApi(vi.mocked(request), { '/api/help/home': () => home(unread) });
    const stop = watchHome();
    await vi.waitFor(() => expect($home.get().state).toBe('ready'));
    unread = 2;
    page.host!.emit('onResume');
    await vi.waitFor(() => expect($home.get()).toMatchObject({ data: { unread: 2 } }));
    stop();
    page.host!.emit('onResume');
    expect(api.bodies('/api/help/home')).toHaveLength(2);
  });

  it('calls and writes through the app, and falls back to tel: and mailto: in a browser', async () => {
    page = openPage();
    fakeApi(vi.mocked(request), { '/api/help/home': () => home() });
    await loadHome();
    callHotline();
    writeEmail();
    expect(page.host!.calls.filter((c) => c.kind === 'command').map((c) => [c.method, c.arg])).toEqual([
      ['launchDialing', { phoneNumber: '+6561234567' }],
      ['jumpEmail', { email: 'help@example.com' }],
    ]);
    page.close();
    page = openPage({ host: false });
    callHotline();
    expect(page.location.href).toBe('tel:+6561234567');
    writeEmail();
    expect(page.location.href).toBe('mailto:help@example.com');
  });

  it('without a signed-in user, asks for the public part: the questions and contacts, nothing unread', async () => {
    page = openPage({ host: false });
    $session.set('no-app');
    const { unread: _, ...common } = home(3);
    const api = fakeApi(vi.mocked(request), { '/api/help/common': () => common });
    await loadHome();
    expect($home.get()).toEqual({ state: 'ready', data: { ...common, unread: 0 } });
    expect(api.bodies('/api/help/home')).toEqual([]);
    callHotline();
    expect(page.location.href).toBe('tel:+6561234567');
  });

  it('never dials or mails what does not look like a number or an address', async () => {
    page = openPage({ host: false });
    const before = page.location.href;
    fakeApi(vi.mocked(request), { '/api/help/home': () => home(0, { hotline: { dial: 'javascript:alert(1)', display: '' }, email: 'x" onclick' }) });
    await loadHome();
    callHotline();
    writeEmail();
    expect(page.location.href).toBe(before);
  });
});
