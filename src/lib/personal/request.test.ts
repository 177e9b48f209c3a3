import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../../tests/fixtures/memory-storage';
import * as v from 'valibot';
import { ApiError, request, type BodyOf } from '../api';
import { exportRequest } from '../../shared/api/endpoints/personal';

vi.mock('../api', async (importOriginal) => ({ ...(await importOriginal<typeof import('../api')>()), request: vi.fn() }));
const host = vi.hoisted(() => ({ inApp: true, commands: [] as [string, unknown][], personalInfo: {} as Record<string, unknown> }));
vi.mock('../bridge', async (importOriginal) => {
  const bridge = await importOriginal<typeof import('../bridge')>();
  return {
    ...bridge,
    command: (method: string, args: unknown) => (host.commands.push([method, args]), host.inApp ? { ok: true } : { ok: false, reason: 'unavailable' }),
    query: ((spec: { method: string }, ...args: unknown[]) =>
      spec.method === 'getPersonalInfo' ? host.personalInfo : (bridge.query as (...all: unknown[]) => unknown)(spec, ...args)) as typeof bridge.query,
  };
});
const { $codeSentTo, openRequest, requestForm, resend, sendCode, submitRequest } = await import('./request');

const onLimit = vi.fn();
const filled = { email: ' me@example.com ', code: '123456', password: '654321', again: '654321' };

beforeEach(() => {
  vi.stubGlobal('sessionStorage', memoryStorage());
  vi.mocked(request).mockReset();
  onLimit.mockReset();
  host.inApp = true;
  host.commands = [];
  host.personalInfo = {};
  openRequest(onLimit);
});
afterEach(() => resend.stop());

describe('the personal-data request model', () => {
  it('keeps only the e-mail in the draft: never the code or the password', () => {
    requestForm.update(filled);
    const stored = sessionStorage.getItem('draft:personal-request')!;
    expect(JSON.parse(stored)).toEqual({ email: ' me@example.com ', attempt: requestForm.$values.get().attempt });
    expect(stored).not.toContain('654321');
    openRequest(onLimit);
    expect(requestForm.$values.get()).toMatchObject({ email: ' me@example.com ', code: '', password: '', again: '' });
    sessionStorage.setItem('draft:personal-request', JSON.stringify({ email: 7, password: '111111', attempt: 'k'.repeat(32) }));
    openRequest(onLimit);
    expect(requestForm.$values.get()).toEqual({ email: '', code: '', password: '', again: '', attempt: 'k'.repeat(32) });
  });

  it('applies the rules: the e-mail, a code, six digits typed twice the same', async () => {
    expect(await submitRequest('UTC')).toBe(false);
    expect(requestForm.$errors.get()).toEqual({ email: 'personal.emailEmpty', code: 'error.codeRequired', password: 'personal.passwordFormat' });
    requestForm.update({ ...filled, again: '654322' });
    await submitRequest('UTC');
    expect(requestForm.$errors.get()).toEqual({ password: 'personal.passwordMismatch' });
    expect(request).not.toHaveBeenCalled();
  });

  it('sends once in the time zone given, answers with the address, and forgets the draft', async () => {
    vi.mocked(request).mockResolvedValue({});
    requestForm.update(filled);
    const attempt = requestForm.$values.get().attempt;
    expect(await Promise.all([submitRequest('Asia/Singapore'), submitRequest('Asia/Singapore')])).toEqual([true, false]);
    expect(request).toHaveBeenCalledTimes(1);
    expect(request).toHaveBeenCalledWith(exportRequest, {
      email: 'me@example.com',
      code: '123456',
      password: '654321',
      timeZone: 'Asia/Singapore',
      attempt,
      locale: 'en-US',
      appInfo: {},
    });
    expect(requestForm.$result.get()).toBe('me@example.com');
    expect(sessionStorage.getItem('draft:personal-request')).toBeNull();
    expect(requestForm.$values.get().password).toBe('');
  });

  it("carries the page's locale and what the app says of the account and device, each value within the contract's bound", async () => {
    vi.mocked(request).mockResolvedValue({});
    const model = `${'M'.repeat(63)}😀 extra`;
    host.personalInfo = {
      nickname: 'ผู้ทดสอบ',
      phone: '+66 81 234 5678',
      registerTime: 1_700_000_000,
      deviceBrand: 'OPPO',
      deviceModel: model,
      ip: '',
      osName: 'ColorOS',
    };
    requestForm.update(filled);
    expect(await submitRequest('UTC')).toBe(true);
    const body = vi.mocked(request).mock.calls[0]![1] as BodyOf<typeof exportRequest>;
    // The model cut at 64, not between the halves of the emoji; the empty IP left out.
    expect(body.appInfo).toEqual({
      nickname: 'ผู้ทดสอบ',
      phone: '+66 81 234 5678',
      registerTime: '1700000000',
      deviceBrand: 'OPPO',
      deviceModel: 'M'.repeat(63),
      osName: 'ColorOS',
    });
    expect(v.safeParse(exportRequest.request, body).success).toBe(true);
  });

  it('shows a wrong or voided code at the code field, says when the day is used, and keeps everything', async () => {
    vi.mocked(request).mockRejectedValueOnce(new ApiError('codeVoid')).mockRejectedValueOnce(new ApiError('downloadLimit'));
    requestForm.update(filled);
    await submitRequest('UTC');
    expect(requestForm.$errors.get()).toEqual({ code: 'error.codeVoid' });
    expect(requestForm.$values.get()).toMatchObject(filled);
    await submitRequest('UTC');
    expect(requestForm.$errors.get()).toEqual({ submit: 'error.downloadLimit' });
    expect(onLimit).toHaveBeenCalledTimes(1);
  });

  it('asks the app for a code to a valid address only, then waits a minute', () => {
    vi.useFakeTimers();
    requestForm.update({ email: 'me@example' });
    expect(sendCode()).toBe(false);
    expect(requestForm.$errors.get()).toEqual({ email: 'error.emailFormat' });
    expect(host.commands).toEqual([]);
    requestForm.update({ email: ' me@example.com ' });
    expect(sendCode()).toBe(true);
    expect(host.commands).toEqual([['sendPersonalInfoDownloadEmailCaptcha', { email: 'me@example.com' }]]);
    expect($codeSentTo.get()).toBe('me@example.com');
    expect(resend.$left.get()).toBe(60);
    vi.advanceTimersByTime(60_000);
    expect(resend.$left.get()).toBe(0);
    host.inApp = false;
    sendCode();
    expect(requestForm.$errors.get()).toEqual({ code: 'shell.openInAppHint' });
    vi.useRealTimers();
  });
});
