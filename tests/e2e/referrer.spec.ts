/**
 * The 30-day session the host puts in a page's query leaks nowhere. The shell
 * stores it and takes it out of the address; pages are sent with `Referrer-Policy: strict-origin`, so
 * what the head asks for before the shell runs names the origin only. Every request a page makes is
 * read here as the browser sent it (its headers after the network stack), and the page's address at
 * the end.
 */
import type { Page, Request } from '@playwright/test';
import { sessionOf } from '../fixtures/pages';
import { expect, test } from '../fixtures/app';

/** Every request the page sends from now on, with the headers as sent. */
function record(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  return requests;
}

/** The requests whose Referer carries the session, as `url ← referer`. */
async function leaks(requests: Request[], session: string): Promise<string[]> {
  const found: string[] = [];
  for (const request of requests) {
    const referer = (await request.allHeaders()).referer ?? '';
    if (referer.includes(session) || request.url().includes(session)) found.push(`${request.url()} ← ${referer}`);
  }
  return found;
}

const useful = (page: Page) => page.waitForFunction(() => performance.getEntriesByName('useful').length > 0);

test.describe('the session in the first address', () => {
  for (const path of ['/vip-center', '/k-recharge', '/download', '/my-feedback']) {
    test(`${path}: no request's Referer and not the final address carries it; the page is signed in with it`, async ({ page, signIn, open }) => {
      await signIn();
      const session = sessionOf(page);
      expect(session).toMatch(/.{16}/);
      const requests = record(page);
      const response = await open(path);
      expect(response?.headers()['referrer-policy']).toBe('strict-origin');
      // The signed-in reads answered with this session: what the page is for is on screen.
      await useful(page);
      expect(requests.filter((request) => new URL(request.url()).pathname.startsWith('/api/')).length).toBeGreaterThan(0);
      // The first request is the app's own navigation, with the session in its address.
      expect(requests[0]!.url()).toContain(session);
      expect(await leaks(requests.slice(1), session)).toEqual([]);
      expect(page.url()).not.toContain(session);
      expect(page.url()).toContain('status_height=24');
      expect(await page.evaluate(() => localStorage.getItem('app_sessionid'))).toBe(session);
    });
  }

  test("a locale's move carries the rest of the query, not the session", async ({ page, signIn }) => {
    // The app's language, not the query's, decides: the shell moves to that locale's file.
    await signIn({ baseInfo: { language: 'vi-VN' } });
    const session = sessionOf(page);
    const requests = record(page);
    await page.goto(`/download?dark=0&app_sessionid=${session}&status_height=24#top`);
    await useful(page);
    expect(new URL(page.url()).pathname).toBe('/vi-VN/download');
    expect(new URL(page.url()).search).toBe('?dark=0&status_height=24');
    expect(new URL(page.url()).hash).toBe('#top');
    // The first request line had it (docs/deploy.md says who logs it); the move's request has not.
    const documents = requests.filter((request) => request.resourceType() === 'document').map((request) => request.url());
    expect(documents.length).toBe(2);
    expect(documents[1]).not.toContain(session);
    expect(await leaks(requests.slice(1), session)).toEqual([]);
  });

  test('a reload keeps the page signed in without the session in the address', async ({ page, signIn, open }) => {
    await signIn();
    const session = sessionOf(page);
    await open('/download');
    await useful(page);
    const requests = record(page);
    await page.reload();
    await useful(page);
    expect(await leaks(requests, session)).toEqual([]);
    expect(page.url()).not.toContain(session);
  });
});
