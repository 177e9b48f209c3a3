import { describe, expect, it, vi } from 'vitest';
import { callId } from './ids';

describe('callId', () => {
  it('never repeats within a page', () => {
    const ids = Array.from({ length: 10_000 }, () => callId());
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('reads as a five-character page prefix and a counter', () => {
    const [a, b] = [callId(), callId()];
    expect(a).toMatch(/^[0-9a-z]{5}-\d+$/);
    expect(a.split('-')[0]).toBe(b.split('-')[0]);
    expect(Number(b.split('-')[1])).toBe(Number(a.split('-')[1]) + 1);
  });

  it('starts from another prefix on another page load', async () => {
    vi.resetModules();
    const other = await import('./ids');
    expect(other.callId().split('-')[0]).not.toBe(callId().split('-')[0]);
  });
});
