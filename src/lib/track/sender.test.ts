import { describe, expect, it, vi } from 'vitest';
import { readCommon } from './common';
import { beaconBatch, postBatch, type Payload } from './sender';

const payload: Payload = { common: readCommon(() => ({ uid: 'u1' })), events: [{ id: 'a'.repeat(32), kind: 'click', name: 'x', at: 1 }] };

describe('postBatch', () => {
  it.each([
    [200, 'sent'],
    [204, 'sent'],
    [299, 'sent'],
    // The batch itself is refused: sending it again cannot help.
    [400, 'refused'],
    [413, 'refused'],
    [422, 'refused'],
    // The session is not a live one: another session may succeed.
    [401, 'signedOut'],
    [403, 'signedOut'],
    // Anything else may pass later.
    [304, 'failed'],
    [404, 'failed'],
    [408, 'failed'],
    [429, 'failed'],
    [500, 'failed'],
    [503, 'failed'],
  ])('reads HTTP %i as %s', async (status, expected) => {
    const fetch = vi.fn(async () => ({ ok: status >= 200 && status < 300, status }));
    await expect(postBatch(fetch, '/api/track', payload)).resolves.toBe(expected);
  });

  it('reads a network error or a synchronous throw as failed', async () => {
    await expect(
      postBatch(
        async () => {
          throw new TypeError('Failed to fetch');
        },
        '/t',
        payload,
      ),
    ).resolves.toBe('failed');
    await expect(
      postBatch(
        () => {
          throw new TypeError('Invalid URL');
        },
        '/t',
        payload,
      ),
    ).resolves.toBe('failed');
  });

  it('aborts and reads as failed after the timeout', async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    const result = postBatch(
      (_, init) => {
        signal = init.signal ?? undefined;
        return new Promise(() => undefined);
      },
      '/t',
      payload,
      1000,
    );
    await vi.advanceTimersByTimeAsync(1000);
    await expect(result).resolves.toBe('failed');
    expect(signal?.aborted).toBe(true);
    vi.useRealTimers();
  });
});

describe('beaconBatch', () => {
  it('sends the JSON payload as a CORS-safe text/plain blob', async () => {
    const beacon = vi.fn((_url: string, _data: Blob) => true);
    expect(beaconBatch(beacon, '/api/track', payload)).toBe(true);
    const blob = beacon.mock.calls[0]![1];
    expect(blob.type).toBe('text/plain;charset=utf-8');
    expect(JSON.parse(await blob.text())).toEqual(payload);
  });

  it('reads a refusal, a throw or a missing sendBeacon as not sent', () => {
    expect(beaconBatch(() => false, '/t', payload)).toBe(false);
    expect(
      beaconBatch(
        () => {
          throw new TypeError('Illegal invocation');
        },
        '/t',
        payload,
      ),
    ).toBe(false);
    expect(beaconBatch(undefined, '/t', payload)).toBe(false);
  });
});

describe('readCommon', () => {
  it('keeps exactly the eleven fields of spec §7 as text', () => {
    const common = readCommon(() => ({ uid: 7, dev_model: 'CPH2451', token: 'secret' }) as never);
    expect(Object.keys(common)).toEqual([
      'uid',
      'dev_pid',
      'dev_channel',
      'app_sessionid',
      'screen',
      'dev_region',
      'dev_timezone',
      'dev_language',
      'dev_app_version',
      'dev_manufacturer',
      'dev_model',
    ]);
    expect(common).toMatchObject({ uid: '7', dev_model: 'CPH2451', dev_pid: '' });
  });
});
