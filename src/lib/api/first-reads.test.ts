/**
 * Why: a first read is only of use when it is the very request the page's model sends; the table and
 * its values are written out again here (the seal's chunk may import nothing of core), so each is
 * held to what it copies: the API contract, selfInfo's rules, the time zone's, the id's.
 */
import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import { ENDPOINTS, WIRE_VERSION } from '../../shared/api/contract';
import { isContentId } from '../../shared/id';
import { ROUTES } from '../../shared/routes';
import { userTimeZone } from '../personal/time-zone';
import { $selfInfo, setSelfInfo } from '../stores/self-info';
import { FIRST_READS, ID, WIRE_VERSION as SENT_WIRE_VERSION, firstReads, hostText, routeOf, timeZoneOf, type PageValue } from './first-reads';
import { readKey } from './seal';

const values: Record<PageValue, string | null> = { region: 'SG', locale: 'vi-VN', timeZone: 'Asia/Singapore', id: 'fb-1' };
const valueOf = (name: PageValue) => values[name];

describe('first reads', () => {
  it('names routes that exist, and endpoints of the contract, open exactly where the endpoint is public', () => {
    const routes = new Set(ROUTES.map((route) => route.path));
    const byPath = new Map<string, (typeof ENDPOINTS)[keyof typeof ENDPOINTS]>(Object.values(ENDPOINTS).map((endpoint) => [endpoint.path, endpoint]));
    for (const [route, reads] of Object.entries(FIRST_READS)) {
      expect(routes, route).toContain(route);
      for (const read of reads) {
        const endpoint = byPath.get(read.path);
        expect(endpoint, `${route} ${read.path}`).toBeDefined();
        expect(read.open ?? false, `${route} ${read.path}`).toBe(endpoint!.public);
      }
    }
  });

  it('fills each body with the page values into a body its endpoint takes', () => {
    const byPath = new Map<string, (typeof ENDPOINTS)[keyof typeof ENDPOINTS]>(Object.values(ENDPOINTS).map((endpoint) => [endpoint.path, endpoint]));
    for (const route of Object.keys(FIRST_READS)) {
      for (const { path, body } of firstReads(route, valueOf)) {
        const parsed = v.safeParse(byPath.get(path)!.request, body);
        expect(parsed.success, `${route} ${path} ${JSON.stringify(body)}`).toBe(true);
      }
    }
    expect(firstReads('my-feedback', valueOf)).toEqual([{ path: '/api/feedback/list', body: { cursor: null, limit: 20, locale: 'vi-VN' } }]);
  });

  it('leaves out a read whose value the page lacks, as its model does, and knows no other route', () => {
    expect(firstReads('q-and-a', (name) => (name === 'id' ? null : valueOf(name)))).toEqual([]);
    expect(firstReads('license.html', valueOf)).toEqual([]);
    expect(firstReads('__proto__', valueOf)).toEqual([]);
  });

  it('reads the route from a path with or without its locale and slashes', () => {
    expect(routeOf('/vi-VN/k-recharge')).toBe('k-recharge');
    expect(routeOf('/k-recharge/')).toBe('k-recharge');
    expect(routeOf('/private.html')).toBe('private.html');
    expect(routeOf('/th-TH/')).toBe('');
  });

  it('names a read alike whatever order the body was written in, and apart for another user or session', () => {
    const who = { uid: '10001', app_sessionid: 's1' };
    expect(readKey('/api/feedback/list', { locale: 'vi-VN', cursor: null, limit: 20 }, who)).toBe(
      readKey('/api/feedback/list', { cursor: null, limit: 20, locale: 'vi-VN' }, who),
    );
    expect(readKey('/api/vip/status', {}, who)).not.toBe(readKey('/api/vip/status', {}, { ...who, uid: '10002' }));
    expect(readKey('/api/vip/status', {}, who)).not.toBe(readKey('/api/vip/status', {}, { ...who, app_sessionid: 's2' }));
    expect(readKey('/api/vip/plans', { region: 'SG' }, null)).not.toBe(readKey('/api/vip/plans', { region: 'TH' }, null));
  });

  it('keeps a host value as selfInfo keeps it', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ minLength: 250, maxLength: 260 }), fc.double(), fc.integer(), fc.boolean(), fc.constant(null)), (value) => {
        setSelfInfo({ dev_region: value });
        expect(hostText(value)).toBe($selfInfo.get().dev_region);
      }),
    );
  });

  it('takes the time zone as the personal pages do, every zone Intl knows', () => {
    for (const zone of [
      ...Intl.supportedValuesOf('timeZone'),
      'Asia/Calcutta',
      'asia/bangkok',
      '',
      'UTC',
      'Etc/GMT+7',
      '+05:30',
      'Asia/Singapore<b>',
      ' Asia/Singapore',
    ]) {
      expect(timeZoneOf(zone), zone).toBe(userTimeZone(zone));
    }
  });

  it("takes the app's zone without Intl, whose first use holds the read back, and sends one Intl does not know as given", () => {
    const format = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      expect(timeZoneOf('Asia/Singapore')).toBe('Asia/Singapore');
      expect(timeZoneOf('America/Argentina/Salta')).toBe('America/Argentina/Salta');
      expect(format).not.toHaveBeenCalled();
      // The model asks Intl and sends a read of its own with the browser's zone: one read too many, never a wrong answer taken.
      expect(timeZoneOf('Mars/Olympus')).toBe('Mars/Olympus');
      expect(userTimeZone('Mars/Olympus')).not.toBe('Mars/Olympus');
    } finally {
      format.mockRestore();
    }
  });

  it('allows the ids isContentId allows, and no other', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^[A-Za-z0-9_.:<-]{0,66}$/)), (id) => {
        expect(ID.test(id)).toBe(isContentId(id));
      }),
    );
  });

  it("seals with the contract's wire version", () => {
    expect(SENT_WIRE_VERSION).toBe(WIRE_VERSION);
  });
});
