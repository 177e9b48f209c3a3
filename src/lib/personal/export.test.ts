import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultState } from '../../../server/fake-host/state';
import { fakeApi, openPage, type ModelPage } from '../../../tests/fixtures/model-page';
import { ApiError, request } from '../api';
import { loading } from '../model/loadable';
import { $downloading, $file, DEVICE_FIELDS, download, openFile, withApp } from './export';
import { saveFile } from './save-file';

vi.mock('../api', async (importActual) => ({ ...(await importActual<typeof import('../api')>()), request: vi.fn() }));
vi.mock('./save-file', () => ({ saveFile: vi.fn() }));

const file = () => ({
  fileName: 'personal-data.pdf',
  expiresAt: 100,
  sections: [{ title: 'account' as const, rows: [{ label: 'nickname', value: 'A' }] }],
});
const pdf = (n: number) => ({ fileName: 'personal-data-2026-01-05.pdf', pdf: btoa(`%PDF-${n}`) });
const exportOf = (id: string, state: 'sent' | 'requested') => ({ id, email: 'x', state, requestedAt: 1, sentAt: null, expiresAt: null });

let page: ModelPage;
beforeEach(() => {
  $file.set(loading());
  vi.mocked(saveFile).mockReset();
});
afterEach(() => page?.close());

describe('withApp', () => {
  it("fills the server's empty account values with the app's, the phone masked, and adds the device as the PDF prints it", () => {
    const account = { title: 'account' as const, rows: ['nickname', 'phone', 'registeredAt'].map((label) => ({ label, value: '' })) };
    const app = { nickname: 'Ann', phone: '+66 81 234 5678', registerTime: '2024-01-02 10:00:00', deviceBrand: 'OPPO', ip: '10.0.0.1' };
    const [mine, device] = withApp([account], app);
    expect(mine!.rows.map((r) => r.value)).toEqual(['Ann', '•••••••5678', '2024-01-02 10:00:00']);
    expect(device).toEqual({
      title: 'device',
      rows: [
        { label: 'deviceBrand', value: 'OPPO' },
        { label: 'deviceModel', value: '' },
        { label: 'ip', value: '10.0.0.1' },
        { label: 'osName', value: '' },
        { label: 'osVersion', value: '' },
        { label: 'appVersion', value: '' },
      ],
    });
  });

  it("keeps the server's values where it has them", () => {
    const [mine] = withApp([{ title: 'account', rows: [{ label: 'phone', value: '••••4567' }] }], { phone: '+65 8000 0000' });
    expect(mine!.rows).toEqual([{ label: 'phone', value: '••••4567' }]);
  });
});

describe('the exported file', () => {
  it('opens the one the query names', async () => {
    page = openPage({ search: '?id=e7' });
    const api = fakeApi(vi.mocked(request), { '/api/personal/export/file': () => file() });
    await openFile();
    // The device as the (fake) app tells it.
    const app = defaultState().personalInfo as Record<string, string>;
    const device = { title: 'device', rows: DEVICE_FIELDS.map((label) => ({ label, value: app[label] })) };
    expect($file.get()).toEqual({ state: 'ready', data: { ...file(), id: 'e7', sections: [...file().sections, device] } });
    expect(api.bodies('/api/personal/exports')).toEqual([]);
  });

  it('else the latest one sent, else the latest request; with none there is no data', async () => {
    page = openPage();
    let exports = [exportOf('e3', 'requested'), exportOf('e2', 'sent'), exportOf('e1', 'sent')];
    const api = fakeApi(vi.mocked(request), { '/api/personal/exports': () => ({ exports, nextAllowedAt: null }), '/api/personal/export/file': () => file() });
    await openFile();
    expect(api.bodies('/api/personal/export/file')).toEqual([{ id: 'e2' }]);
    exports = [exportOf('e3', 'requested')];
    await openFile();
    expect(api.bodies('/api/personal/export/file').at(-1)).toEqual({ id: 'e3' });
    exports = [];
    await openFile();
    expect($file.get()).toEqual({ state: 'failed', error: 'error.noData' });
  });

  it('an expired file says so (noContent)', async () => {
    page = openPage({ search: '?id=e7' });
    fakeApi(vi.mocked(request), { '/api/personal/export/file': () => Promise.reject(new ApiError('noContent')) });
    await openFile();
    expect($file.get()).toEqual({ state: 'failed', error: 'error.noContent' });
  });

  it('each tap asks for the bytes with the sealed session and saves them; a tap meanwhile asks nothing', async () => {
    page = openPage({ search: '?id=e7' });
    let n = 0;
    const api = fakeApi(vi.mocked(request), { '/api/personal/export/file': () => file(), '/api/personal/export/pdf': () => pdf(++n) });
    await openFile();
    const first = download();
    expect($downloading.get()).toBe(true);
    await download();
    await first;
    await download();
    expect(api.bodies('/api/personal/export/pdf')).toEqual([{ id: 'e7' }, { id: 'e7' }]);
    expect(vi.mocked(saveFile).mock.calls).toEqual([
      ['personal-data-2026-01-05.pdf', 'application/pdf', btoa('%PDF-1')],
      ['personal-data-2026-01-05.pdf', 'application/pdf', btoa('%PDF-2')],
    ]);
    expect($downloading.get()).toBe(false);
    expect(page.location.assign).not.toHaveBeenCalled();
  });

  it('a tap that fails says why and saves nothing', async () => {
    page = openPage({ search: '?id=e7' });
    fakeApi(vi.mocked(request), { '/api/personal/export/file': () => file(), '/api/personal/export/pdf': () => Promise.reject(new ApiError('noInternet')) });
    await openFile();
    await download();
    // The file stays listed beside the message; nothing is saved.
    expect($file.get()).toMatchObject({ state: 'failed', error: 'error.noInternet', data: { id: 'e7' } });
    expect(saveFile).not.toHaveBeenCalled();
    expect($downloading.get()).toBe(false);
  });
});
