import { describe, expect, it } from 'vitest';
import { readsOwnBody } from './http-limits';

describe('readsOwnBody', () => {
  it('is true for uploads only', () => {
    expect(readsOwnBody('POST', '/api/upload')).toBe(true);
    expect(readsOwnBody('POST', '/api/upload/')).toBe(true);
    expect(readsOwnBody('GET', '/api/upload/abc')).toBe(false);
    expect(readsOwnBody('POST', '/api/uploads')).toBe(false);
    expect(readsOwnBody('POST', '/api/track')).toBe(false);
  });
});
