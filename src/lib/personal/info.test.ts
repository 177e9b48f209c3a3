import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, openPage, type ModelPage } from '../../../tests/fixtures/model-page';
import { ApiError, request } from '../api';
import { $toast, hideToast } from '../stores/ui';
import { $info, copy, loadInfo } from './info';

vi.mock('../api', async (importActual) => ({ ...(await importActual<typeof import('../api')>()), request: vi.fn() }));

const hostInfo = {
  nickname: 'From app',
  phone: '+6581234567',
  registerTime: 1_700_000_000,
  deviceBrand: 'OPPO',
  deviceModel: 'CPH2451',
  ip: '10.0.0.2',
  osName: 'ColorOS',
  osVersion: '14',
  appVersion: '12.3.0',
};

let page: ModelPage;
beforeEach(() => {
  $info.set(null);
  hideToast();
});
afterEach(() => page.close());

describe('personal information', () => {
  it("the device's comes from the app, and asks the server nothing", async () => {
    page = openPage({ host: { personalInfo: { deviceBrand: 'OPPO', osName: 'ColorOS' } } });
    const api = fakeApi(vi.mocked(request), {});
    await loadInfo('device');
    expect($info.get()).toEqual([
      { key: 'deviceBrand', value: 'OPPO' },
      { key: 'deviceModel', value: '' },
      { key: 'ip', value: '' },
      { key: 'osName', value: 'ColorOS' },
      { key: 'osVersion', value: '' },
      { key: 'appVersion', value: '' },
    ]);
    expect(api.bodies('/api/personal/info')).toEqual([]);
  });

  it("the account's comes from the server, the app filling what it lacks", async () => {
    page = openPage({ host: { personalInfo: hostInfo } });
    fakeApi(vi.mocked(request), {
      '/api/personal/info': () => ({ account: { nickname: 'From server', phone: '', registeredAt: Date.UTC(2024, 0, 2) / 1000 } }),
    });
    await loadInfo('account');
    const [nickname, phone, registered] = $info.get()!;
    expect(nickname).toEqual({ key: 'nickname', value: 'From server' });
    expect(phone!.value).toMatch(/4567$/);
    expect(phone!.value).not.toContain('8123');
    expect(registered!.value).toMatch(/2024/);
  });

  it('a failed request still shows what the app knows, the phone number masked', async () => {
    page = openPage({ host: { personalInfo: hostInfo } });
    fakeApi(vi.mocked(request), { '/api/personal/info': () => Promise.reject(new ApiError('noInternet')) });
    await loadInfo('account');
    expect($info.get()!.map((row) => row.key)).toEqual(['nickname', 'phone', 'registerTime']);
    expect($info.get()![0]!.value).toBe('From app');
    expect($info.get()![1]!.value).not.toContain('8123');
  });

  it('copies a value and says so; without a clipboard it says nothing', async () => {
    page = openPage();
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    await copy('OPPO');
    expect(writeText).toHaveBeenCalledWith('OPPO');
    expect($toast.get()).toEqual({ key: 'personal.copied' });
    hideToast();
    vi.stubGlobal('navigator', {});
    await copy('OPPO');
    expect($toast.get()).toBeNull();
  });
});
