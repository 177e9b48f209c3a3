import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, openPage, type ModelPage } from '../../../tests/fixtures/model-page';
import { ApiError, request } from '../api';
import { loading } from '../model/loadable';
import { setSelfInfo } from '../stores/self-info';
import { $exports, loadExports } from './requests';

vi.mock('../api', async (importActual) => ({ ...(await importActual<typeof import('../api')>()), request: vi.fn() }));

const record = { id: 'e1', email: 'f•••@example.com', state: 'sent' as const, requestedAt: 1, sentAt: 2, expiresAt: 3 };

let page: ModelPage;
beforeEach(() => $exports.set(loading()));
afterEach(() => {
  vi.restoreAllMocks();
  page.close();
});

describe('the export requests', () => {
  it("are asked for with the days counted in the user's time zone", async () => {
    page = openPage();
    setSelfInfo({ dev_timezone: 'Asia/Jakarta' });
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValueOnce({ timeZone: '' } as Intl.ResolvedDateTimeFormatOptions);
    const api = fakeApi(vi.mocked(request), { '/api/personal/exports': () => ({ exports: [record], nextAllowedAt: 99 }) });
    await loadExports();
    expect(api.bodies('/api/personal/exports')).toEqual([{ timeZone: 'Asia/Jakarta' }]);
    expect($exports.get()).toEqual({ state: 'ready', data: { exports: [record], nextAllowedAt: 99 } });
  });

  it('a failure is a message; the list shown stays while it reloads (the form hit the daily limit)', async () => {
    page = openPage();
    let fail = true;
    fakeApi(vi.mocked(request), { '/api/personal/exports': () => (fail ? Promise.reject(new ApiError('timeout')) : { exports: [], nextAllowedAt: null }) });
    await loadExports();
    expect($exports.get()).toEqual({ state: 'failed', error: 'error.timeout' });
    fail = false;
    await loadExports();
    const seen: string[] = [];
    const off = $exports.listen((value) => seen.push(`${value.state}${value.data ? ' with the list' : ''}`));
    await loadExports();
    off();
    expect(seen).toEqual(['loading with the list', 'ready with the list']);
  });
});
