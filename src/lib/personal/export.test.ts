import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, openPage, type ModelPage } from '../../../tests/fixtures/model-page';
import { ApiError, request } from '../api';
import { loading } from '../model/loadable';
import { $file, download, openFile } from './export';

vi.mock('../api', async (importActual) => ({ ...(await importActual<typeof import('../api')>()), request: vi.fn() }));

const file = (grant: number) => ({
  fileName: 'personal-data.pdf',
  url: `/api/personal/export/pdf?grant=g${grant}`,
  expiresAt: 100,
  sections: [{ title: 'account' as const, rows: [{ label: 'nickname', value: 'A' }] }],
});
const exportOf = (id: string, state: 'sent' | 'requested') => ({ id, email: 'x', state, requestedAt: 1, sentAt: null, expiresAt: null });

let page: ModelPage;
beforeEach(() => $file.set(loading()));
afterEach(() => page.close());

describe('the exported file', () => {
  it('opens the one the query names', async () => {
    page = openPage({ search: '?id=e7' });
    const api = fakeApi(vi.mocked(request), { '/api/personal/export/file': () => file(1) });
    await openFile();
    expect($file.get()).toEqual({ state: 'ready', data: { ...file(1), id: 'e7' } });
    expect(api.bodies('/api/personal/exports')).toEqual([]);
  });

  it('else the latest one sent, else the latest request; with none there is no data', async () => {
    page = openPage();
    let exports = [exportOf('e3', 'requested'), exportOf('e2', 'sent'), exportOf('e1', 'sent')];
    const api = fakeApi(vi.mocked(request), { '/api/personal/exports': () => ({ exports, nextAllowedAt: null }), '/api/personal/export/file': () => file(1) });
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

  it('each tap downloads with a fresh grant, so a page left open still downloads', async () => {
    page = openPage({ search: '?id=e7' });
    let grant = 0;
    const api = fakeApi(vi.mocked(request), { '/api/personal/export/file': () => file(++grant) });
    await openFile();
    await download();
    await download();
    expect(api.bodies('/api/personal/export/file')).toHaveLength(3);
    expect(page.location.assign.mock.calls).toEqual([['/api/personal/export/pdf?grant=g2'], ['/api/personal/export/pdf?grant=g3']]);
  });

  it('a tap that fails says why and goes nowhere', async () => {
    page = openPage({ search: '?id=e7' });
    let fail = false;
    fakeApi(vi.mocked(request), { '/api/personal/export/file': () => (fail ? Promise.reject(new ApiError('noInternet')) : file(1)) });
    await openFile();
    fail = true;
    await download();
    // The file stays listed beside the message; nothing is opened.
    expect($file.get()).toMatchObject({ state: 'failed', error: 'error.noInternet', data: { id: 'e7' } });
    expect(page.location.assign).not.toHaveBeenCalled();
  });
});
