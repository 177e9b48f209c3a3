import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { BAD, check, decode } from './decode';

describe('decode', () => {
  it('reads "", null and no value as nothing', () => {
    expect([decode(''), decode(null), decode(undefined)]).toEqual([undefined, undefined, undefined]);
  });

  it('marks a string that is not JSON as bad', () => {
    expect(decode('{oops')).toBe(BAD);
  });

  it('drops __proto__, constructor and prototype keys at any depth', () => {
    const value = decode('{"a":{"__proto__":{"x":1},"b":2},"constructor":{"prototype":{}},"prototype":1}');
    expect(value).toEqual({ a: { b: 2 } });
    expect(Object.getPrototypeOf((value as { a: object }).a)).toBe(Object.prototype);
  });

  it('copies an already-parsed object instead of handing the host’s object on', () => {
    const fromHost = { list: [1, 2] };
    const value = decode(fromHost) as typeof fromHost;
    expect(value).toEqual(fromHost);
    expect(value).not.toBe(fromHost);
    expect(value.list).not.toBe(fromHost.list);
  });

  it('marks a value JSON cannot carry as bad', () => {
    expect(decode(() => 1)).toBe(BAD);
    expect(decode(1n)).toBe(BAD);
  });
});

describe('check', () => {
  it('gives the parsed output or BAD', () => {
    expect(check(v.boolean(), decode('true'))).toBe(true);
    expect(check(v.boolean(), decode('"true"'))).toBe(BAD);
    expect(check(v.boolean(), BAD)).toBe(BAD);
  });
});
