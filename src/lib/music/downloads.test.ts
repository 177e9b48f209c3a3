import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, openPage, type ModelPage } from '../../../tests/fixtures/model-page';
import { ApiError, request } from '../api';
import { loading } from '../model/loadable';
import { $quota, downloads, loadDownloads, retryDownloads, watchDownloads, type DownloadStatus } from './downloads';

vi.mock('../api', async (importActual) => ({ ...(await importActual<typeof import('../api')>()), request: vi.fn() }));

const member = (used: number): DownloadStatus => ({
  membership: { tier: 'vip', expiresAt: 2_000_000_000 },
  quota: { total: 300, used, cycleStart: 1_000, endsAt: 2_000, renews: true, validDays: 31 },
});
const download = (id: string) => ({ id, songId: `s-${id}`, name: id, artist: 'A', quality: 'high' as const, createdAt: 1 });

let page: ModelPage;
beforeEach(() => $quota.set(loading()));
afterEach(() => page.close());

describe('the download page', () => {
  it('shows the quota as the server counts it and the history from its first page', async () => {
    page = openPage();
    const api = fakeApi(vi.mocked(request), {
      '/api/music/quota': () => member(12),
      '/api/music/downloads': ({ cursor }) => (cursor ? { items: [download('b')], next: null } : { items: [download('a')], next: 'n1' }),
    });
    await loadDownloads();
    expect($quota.get()).toEqual({ state: 'ready', data: member(12) });
    await downloads.loadMore();
    expect(downloads.$list.get()).toMatchObject({ done: true, items: [{ id: 'a' }, { id: 'b' }] });
    expect(api.bodies('/api/music/downloads')).toEqual([
      { cursor: null, limit: 20 },
      { cursor: 'n1', limit: 20 },
    ]);
  });

  it("a non-member's quota is none: the server's answer says so, not the app", async () => {
    page = openPage({
      host: { account: { isLogin: true, avatar: '', nickname: 'A', vip: { is_vip: 1, valid_time: 2_000_000_000 }, vipType: 1, svipType: 0, is_member: 1 } },
    });
    fakeApi(vi.mocked(request), {
      '/api/music/quota': () => ({ membership: { tier: 'none', expiresAt: null }, quota: null }),
      '/api/music/downloads': () => ({ items: [], next: null }),
    });
    await loadDownloads();
    expect($quota.get()).toMatchObject({ state: 'ready', data: { quota: null } });
  });

  it('a retry asks again for what failed: the quota, else the next page of the history', async () => {
    page = openPage();
    let failQuota = true;
    let failPage = false;
    const api = fakeApi(vi.mocked(request), {
      '/api/music/quota': () => (failQuota ? Promise.reject(new ApiError('noInternet')) : member(1)),
      '/api/music/downloads': ({ cursor }) => (failPage ? Promise.reject(new ApiError('timeout')) : { items: [download(String(cursor ?? 'a'))], next: 'n1' }),
    });
    await loadDownloads();
    expect($quota.get()).toEqual({ state: 'failed', error: 'error.noInternet' });
    failQuota = false;
    await retryDownloads();
    expect($quota.get().state).toBe('ready');
    expect(api.bodies('/api/music/downloads').map((b) => b.cursor)).toEqual([null, null]);
    failPage = true;
    await downloads.loadMore();
    expect(downloads.$list.get().failure).toBe('error.timeout');
    failPage = false;
    await retryDownloads();
    expect(api.bodies('/api/music/quota')).toHaveLength(2);
    expect(api.bodies('/api/music/downloads').map((b) => b.cursor)).toEqual([null, null, 'n1', 'n1']);
  });

  it('asks again when shown from the bfcache or the app resumes, not on a fresh pageshow, until let go', async () => {
    page = openPage();
    let used = 1;
    const api = fakeApi(vi.mocked(request), { '/api/music/quota': () => member(used), '/api/music/downloads': () => ({ items: [], next: null }) });
    const stop = watchDownloads();
    await vi.waitFor(() => expect($quota.get().state).toBe('ready'));
    used = 2;
    page.showAgain(false);
    page.showAgain(true);
    await vi.waitFor(() => expect($quota.get()).toEqual({ state: 'ready', data: member(2) }));
    page.host!.emit('onResume');
    await vi.waitFor(() => expect(api.bodies('/api/music/quota')).toHaveLength(3));
    stop();
    page.showAgain(true);
    page.host!.emit('onResume');
    expect(api.bodies('/api/music/quota')).toHaveLength(3);
  });
});
