import type { Page, Route } from '@playwright/test';
import { appUrl, expect, test as app, type HostState } from '../fixtures/app';
import { issueSession, watch, withHost } from '../fixtures/pages';
import { tag } from '../fixtures/reliability';
import { t } from '../fixtures/text';

// Tracking under faults. Each test generates a known set of events through the pages, then
// counts on the reference server what arrived for its own user: every event exactly as often as it
// happened (0 lost, 0 duplicates), nothing else.

interface Arrived {
  id: string;
  kind: string;
  name: string;
  props: Record<string, unknown> | null;
}
/** `kind name props`, how an event is told apart from the others of a test. */
type Key = string;

const key = (kind: string, name: string, props: Record<string, unknown> | null = null): Key => `${kind} ${name} ${JSON.stringify(props)}`;

/**
 * Each test signs in a user of its own (the e2e database keeps what earlier tests sent). `openRecharge`:
 * k-recharge with tracking started and the packages' exposures already on the server, the quiet start
 * of a fault; it resolves with the host state it signed in with.
 */
const test = app.extend<{ openRecharge: () => Promise<HostState> }>({
  openRecharge: async ({ page, uid, signIn, open }, use) =>
    use(async () => {
      const host = await signIn();
      await open('/k-recharge');
      await trackingStarted(page, uid, key('exposure', 'coins.package', { package: 'coins-60' }));
      await expectArrived(page, uid, packageShown());
      return host;
    }),
});

async function arrived(page: Page, uid: string): Promise<Arrived[]> {
  const response = await page.request.get(`/api/dev/track-events?uid=${uid}`);
  return (await response.json()).data.events;
}

function tally(events: Arrived[]): Record<Key, number> {
  const counts: Record<Key, number> = {};
  for (const event of events) {
    const k = key(event.kind, event.name, event.props);
    counts[k] = (counts[k] ?? 0) + 1;
  }
  return counts;
}

/** The page's stored queue (localStorage exposureTrackData). */
const queued = (page: Page) =>
  page.evaluate(
    () => JSON.parse(localStorage.getItem('exposureTrackData') ?? '[]') as Array<{ id: string; kind: string; name: string; props?: Record<string, unknown> }>,
  );

/**
 * Waits until the exposure this page view reports (its `view`-th) reached the server: tracking has
 * started, so a tap from now on is tracked (it loads once the page is idle; taps before are not).
 */
// Batches leave every 2 s: look every 200 ms rather than Playwright's default steps of up to a second,
// which kept each test waiting most of a second past the batch it was waiting for.
const STEPS = { intervals: [200] };

async function trackingStarted(page: Page, uid: string, exposure: Key, view = 1) {
  await expect.poll(async () => tally(await arrived(page, uid))[exposure] ?? 0, { timeout: 15_000, ...STEPS }).toBeGreaterThanOrEqual(view);
}

/**
 * Waits until the server holds every expected event and the page has nothing left to send, then
 * checks the count: each event exactly as often as it happened, no other event.
 */
async function expectArrived(page: Page, uid: string, expected: Record<Key, number>) {
  await expect
    .poll(
      async () => {
        const counts = tally(await arrived(page, uid));
        return Object.keys(expected).filter((k) => (counts[k] ?? 0) < expected[k]!);
      },
      { timeout: 30_000, ...STEPS, message: 'events still missing on the server' },
    )
    .toEqual([]);
  await expect.poll(async () => (await queued(page)).length, { timeout: 15_000, ...STEPS, message: 'events still queued on the page' }).toBe(0);
  expect(tally(await arrived(page, uid))).toEqual(expected);
}

const each = (keys: Key[], times = 1) => Object.fromEntries(keys.map((k) => [k, times]));
const PACKAGES = ['coins-60', 'coins-300', 'coins-680', 'coins-1280', 'coins-3280', 'coins-6480'];
const packageShown = (times = 1) =>
  each(
    PACKAGES.map((id) => key('exposure', 'coins.package', { package: id })),
    times,
  );
const packageTap = (id: string) => key('click', 'coins.package', { package: id });
const tapPackage = (page: Page, id: string) => page.locator(`button.coins-package[data-track-props='{"package":"${id}"}']`).click();
const plan = (page: Page, id: string) => page.locator(`button.vip-plan[data-track-props='{"plan":"${id}"}']`);

test.describe('tracking', () => {
  test(
    'VIP plans: each counted once as it scrolls into view, two plan taps and the buy tap that leaves the page, once each',
    { annotation: tag('tracking', 'none') },
    async ({ page, uid, signIn, open }) => {
      const problems = watch(page);
      await signIn();
      await open('/vip-center');
      const plans = page.locator('button.vip-plan');
      await expect(plans).toHaveCount(5);
      const ids: string[] = await plans.evaluateAll((cards) => cards.map((card) => JSON.parse(card.getAttribute('data-track-props')!).plan));
      await trackingStarted(page, uid, key('exposure', 'vip.plan', { plan: ids[0] }));
      // The plans scroll sideways: the ones off screen count when they come into view.
      for (const card of await plans.all()) await card.scrollIntoViewIfNeeded();
      await plan(page, 'vip-year').click();
      await plan(page, 'vip-day').click();
      await page.locator('a.vip-buy').click();
      await expect(page).toHaveURL(/\/channel\?.*plan=vip-day/);
      await expectArrived(page, uid, {
        ...each(ids.map((id) => key('exposure', 'vip.plan', { plan: id }))),
        [key('click', 'vip.plan', { plan: 'vip-year' })]: 1,
        [key('click', 'vip.plan', { plan: 'vip-day' })]: 1,
        [key('click', 'vip.buy', { plan: 'vip-day' })]: 1,
      });
      expect(problems).toEqual([]);
    },
  );

  test(
    'help: categories below the fold count when scrolled to, a question tap survives leaving for its answer',
    { annotation: tag('tracking', 'none') },
    async ({ page, uid, signIn, open }) => {
      const problems = watch(page);
      await signIn();
      await open('/help-feedback');
      const categories = page.locator('details.help-category');
      await expect(categories).toHaveCount(6);
      const ids: string[] = await categories.evaluateAll((all) => all.map((c) => JSON.parse(c.getAttribute('data-track-props')!).category));
      await trackingStarted(page, uid, key('exposure', 'help.category', { category: ids[0] }));
      const last = categories.last();
      await last.scrollIntoViewIfNeeded();
      await last.locator('summary').click();
      const question = last.locator('a[data-track="help.question"]').last();
      const questionId = JSON.parse((await question.getAttribute('data-track-props'))!).question;
      await question.click();
      await expect(page).toHaveURL(/\/q-and-a\?/);
      await expectArrived(page, uid, {
        ...each(ids.map((id) => key('exposure', 'help.category', { category: id }))),
        [key('click', 'help.question', { question: questionId })]: 1,
      });
      expect(problems).toEqual([]);
    },
  );

  test(
    'offline for a while: taps and typing wait through the failed retries and go out once when the device is back online',
    { annotation: tag('tracking', 'offline') },
    async ({ page, context, uid, openRecharge }) => {
      const problems = watch(page);
      const failed: string[] = [];
      page.on('requestfailed', (request) => void (request.url().includes('/api/track') && failed.push(request.failure()?.errorText ?? '')));
      // The retries back off from 2 s to 60 s: the test moves the page's clock instead of waiting.
      await page.clock.install();
      await openRecharge();

      await context.setOffline(true);
      for (const id of ['coins-60', 'coins-680', 'coins-6480']) await tapPackage(page, id);
      await page.getByLabel(t('en-US', 'coins.custom')).fill('1234');
      // The first send 2 s after the first tap, then one retry per minute moved forward.
      await expect.poll(() => failed.length, { timeout: 10_000 }).toBe(1);
      for (let attempt = 2; attempt <= 5; attempt += 1) {
        await page.clock.fastForward(60_000);
        await expect.poll(() => failed.length, { timeout: 10_000 }).toBe(attempt);
      }
      expect((await queued(page)).map((item) => key(item.kind, item.name, item.props ?? null))).toEqual([
        packageTap('coins-60'),
        packageTap('coins-680'),
        packageTap('coins-6480'),
        key('input', 'coins.custom'),
      ]);

      await context.setOffline(false);
      await expectArrived(page, uid, {
        ...packageShown(),
        ...each([packageTap('coins-60'), packageTap('coins-680'), packageTap('coins-6480'), key('input', 'coins.custom')]),
      });
      expect(problems).toEqual([]);
    },
  );

  test(
    'offline when the page closes: the beacon the browser accepts never arrives, and the next page sends the taps once',
    { annotation: tag('tracking', 'offline') },
    async ({ page, context, uid, openRecharge }) => {
      const problems = watch(page);
      const beacons: string[] = [];
      page.on('console', (message) => void (message.text().startsWith('beacon') && beacons.push(message.text())));
      await page.addInitScript(() => {
        const send = navigator.sendBeacon.bind(navigator);
        navigator.sendBeacon = (url, data) => {
          const accepted = send(url, data);
          // Tracking's beacons only: the field report (docs/field.md) sends one of its own on pagehide.
          if (String(url).includes('/api/track')) console.log(`beacon accepted=${accepted} online=${navigator.onLine}`);
          return accepted;
        };
      });
      const host = await openRecharge();

      await context.setOffline(true);
      await tapPackage(page, 'coins-300');
      await tapPackage(page, 'coins-1280');
      await expect.poll(async () => (await queued(page)).length).toBe(2);
      // The app closes the page; later it opens another, online again.
      const next = await context.newPage();
      const closed = page.waitForEvent('close');
      await page.close({ runBeforeUnload: true }); // runs pagehide; does not wait for the close
      await closed;
      await context.setOffline(false);
      const nextProblems = watch(next);
      await withHost(next, host);
      await next.goto(appUrl(next, '/k-recharge'));
      // What made this lose the taps before: the browser took the beacon although it could not send it.
      expect(beacons).toEqual(['beacon accepted=true online=false']);
      await expectArrived(next, uid, {
        ...packageShown(2),
        [packageTap('coins-300')]: 1,
        [packageTap('coins-1280')]: 1,
      });
      expect([...problems, ...nextProblems]).toEqual([]);
    },
  );

  test(
    'reloaded before the 2 s batch: the stored taps go out once, by beacon and again from the reloaded page',
    { annotation: tag('tracking', 'reload mid-flow') },
    async ({ page, uid, signIn, open }) => {
      const problems = watch(page);
      await signIn();
      await open('/oppo-music');
      const playAll = (list: string) => page.locator(`button[data-track="music.playAll"][data-track-props='{"list":"${list}"}']`);
      // Only the first list's button is on screen; once it is sent, the queue is empty.
      await expectArrived(page, uid, { [key('exposure', 'music.playAll', { list: 'p-daily' })]: 1 });
      await playAll('p-daily').click();
      expect((await queued(page)).map((item) => item.name)).toEqual(['music.playAll']);
      await page.reload();
      // The second view of the page counts what it shows again; the list further down only when scrolled to.
      await trackingStarted(page, uid, key('exposure', 'music.playAll', { list: 'p-daily' }), 2);
      await playAll('p-vip').scrollIntoViewIfNeeded();
      await playAll('p-vip').click();
      await expectArrived(page, uid, {
        [key('exposure', 'music.playAll', { list: 'p-daily' })]: 2,
        [key('click', 'music.playAll', { list: 'p-daily' })]: 1,
        [key('exposure', 'music.playAll', { list: 'p-vip' })]: 1,
        [key('click', 'music.playAll', { list: 'p-vip' })]: 1,
      });
      expect(problems).toEqual([]);
    },
  );

  test(
    'reloaded while a batch is on its way: the reloaded page sends it again, and the server counts it once',
    { annotation: tag('tracking', 'reload mid-flow') },
    async ({ page, uid, openRecharge }) => {
      const problems = watch(page);
      await openRecharge();

      // The next batch is held on its way until the page has been reloaded and has sent it again.
      let held: Route | undefined;
      let release = () => undefined as void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let lateAnswer: { accepted: number; duplicates: number } | undefined;
      await page.route('**/api/track', async (route) => {
        if (held) return route.continue();
        held = route;
        await released;
        // The batch reaches the server late, as a slow network would deliver it.
        const response = await route.fetch();
        lateAnswer = (await response.json()).data;
        await route.fulfill({ response }).catch(() => undefined); // its page is gone
      });
      await tapPackage(page, 'coins-300');
      await tapPackage(page, 'coins-1280');
      await expect
        .poll(() =>
          held
            ?.request()
            .postDataJSON()
            .events.map((e: Arrived) => e.name),
        )
        .toEqual(['coins.package', 'coins.package']);
      await page.reload();
      await expect.poll(async () => tally(await arrived(page, uid))[packageTap('coins-1280')] ?? 0, { timeout: 15_000, ...STEPS }).toBe(1);
      release();
      await expect.poll(() => lateAnswer).toEqual({ accepted: 0, duplicates: 2 });
      await expectArrived(page, uid, {
        ...packageShown(2),
        [packageTap('coins-300')]: 1,
        [packageTap('coins-1280')]: 1,
      });
      expect(problems).toEqual([]);
    },
  );

  test(
    'storage full of other data: the queue works from memory, and a reload before the batch still delivers by beacon',
    { annotation: tag('tracking', 'full queue') },
    async ({ page, uid, signIn, open }) => {
      const problems = watch(page);
      // Before any page script: the session id the shell keeps, then other data up to the quota, once per tab.
      await page.addInitScript(
        (sessionId) => {
          if (sessionStorage.getItem('filled')) return;
          sessionStorage.setItem('filled', '1');
          localStorage.setItem('app_sessionid', sessionId);
          let n = 0;
          for (let size = 1 << 20; size >= 1; size >>= 1) {
            const chunk = 'x'.repeat(size);
            for (;;) {
              try {
                localStorage.setItem(`filler-${n}`, chunk);
                n += 1;
              } catch {
                break;
              }
            }
          }
        },
        await issueSession(page, uid),
      );
      await signIn();
      await open('/k-recharge');
      const fillers = await page.evaluate(() => localStorage.length);
      await trackingStarted(page, uid, key('exposure', 'coins.package', { package: 'coins-60' }));
      await tapPackage(page, 'coins-300');
      await page.reload();
      await trackingStarted(page, uid, key('exposure', 'coins.package', { package: 'coins-60' }), 2);
      await tapPackage(page, 'coins-3280');
      await expectArrived(page, uid, {
        ...packageShown(2),
        [packageTap('coins-300')]: 1,
        [packageTap('coins-3280')]: 1,
      });
      // The queue never found room, and took none from the other data.
      expect(await page.evaluate(() => localStorage.getItem('exposureTrackData'))).toBeNull();
      expect(await page.evaluate(() => localStorage.length)).toBe(fillers);
      expect(problems).toEqual([]);
    },
  );

  test(
    'the queue at its cap of 500 while the server is unreachable: the oldest overflow goes, everything the queue held arrives once',
    { annotation: tag('tracking', 'full queue') },
    async ({ page, uid, signIn, open }) => {
      const problems = watch(page);
      const CAP = 500; // MAX_STORED in src/lib/track/queue.ts
      // Earlier pages left a full queue: 500 events the server never got.
      await page.addInitScript((cap) => {
        if (sessionStorage.getItem('seeded')) return;
        sessionStorage.setItem('seeded', '1');
        const id = () => Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => 'abcdefghijklmnopqrstuvwxyz0123456789'[b % 36]).join('');
        const backlog = Array.from({ length: cap }, (_, n) => ({ id: id(), kind: 'exposure', name: 'test.backlog', at: Date.now(), props: { n } }));
        localStorage.setItem('exposureTrackData', JSON.stringify(backlog));
      }, CAP);
      await page.route('**/api/track', (route) => route.abort('connectionrefused'));
      await page.clock.install();
      await signIn();
      await open('/k-recharge');
      await expect
        .poll(async () => (await queued(page)).filter((item) => item.name === 'coins.package').length, { timeout: 15_000, ...STEPS })
        .toBe(PACKAGES.length);
      for (const id of ['coins-60', 'coins-300', 'coins-680']) await tapPackage(page, id);

      const queue = await queued(page);
      const own = queue.filter((item) => item.name !== 'test.backlog');
      const kept = queue.filter((item) => item.name === 'test.backlog').map((item) => item.props!.n);
      expect(queue).toHaveLength(CAP);
      expect(own).toHaveLength(PACKAGES.length + 3);
      // Exactly the oldest went, one for each new event.
      expect(kept).toEqual(Array.from({ length: CAP - own.length }, (_, i) => own.length + i));

      // The server is back: the next retry sends the whole queue, 25 batches of 20.
      await page.unroute('**/api/track');
      await page.clock.fastForward(60_000);
      await expectArrived(page, uid, {
        ...each(kept.map((n) => key('exposure', 'test.backlog', { n }))),
        ...packageShown(),
        ...each(['coins-60', 'coins-300', 'coins-680'].map(packageTap)),
      });
      expect(problems).toEqual([]);
    },
  );

  test(
    'sendBeacon refused when the page is left: the taps stay stored and the next page sends them once',
    { annotation: tag('tracking', 'sendBeacon refused') },
    async ({ page, uid, signIn, open }) => {
      const problems = watch(page);
      await page.addInitScript(() => {
        navigator.sendBeacon = () => {
          sessionStorage.setItem('refused', String(Number(sessionStorage.getItem('refused') ?? 0) + 1));
          return false;
        };
      });
      await signIn();
      await open('/vip-center');
      await trackingStarted(page, uid, key('exposure', 'vip.plan', { plan: 'vip-day' }));
      const shown = Object.keys(tally(await arrived(page, uid)));
      await plan(page, 'vip-day').click();
      await plan(page, 'vip-month').click();
      await page.locator('a.vip-buy').click();
      await expect(page).toHaveURL(/\/channel\?.*plan=vip-month/);
      expect(Number(await page.evaluate(() => sessionStorage.getItem('refused')))).toBeGreaterThan(0);
      await expectArrived(page, uid, {
        ...each(shown),
        [key('click', 'vip.plan', { plan: 'vip-day' })]: 1,
        [key('click', 'vip.plan', { plan: 'vip-month' })]: 1,
        [key('click', 'vip.buy', { plan: 'vip-month' })]: 1,
      });
      expect(problems).toEqual([]);
    },
  );

  test(
    'a send whose answer is lost after the server stored it: the page sends it again, the server counts it once',
    { annotation: tag('tracking', 'response lost') },
    async ({ page, uid, openRecharge }) => {
      const problems = watch(page);
      await openRecharge();

      const answers: Array<{ accepted: number; duplicates: number }> = [];
      let lost = 0;
      await page.route('**/api/track', async (route) => {
        const response = await route.fetch();
        answers.push((await response.json()).data);
        if (lost === 0) {
          lost += 1;
          return route.abort('connectionreset'); // the server has the batch; the page never hears so
        }
        return route.fulfill({ response });
      });
      await tapPackage(page, 'coins-300');
      await tapPackage(page, 'coins-3280');
      await expectArrived(page, uid, {
        ...packageShown(),
        [packageTap('coins-300')]: 1,
        [packageTap('coins-3280')]: 1,
      });
      expect(answers).toEqual([
        { accepted: 2, duplicates: 0 },
        { accepted: 0, duplicates: 2 },
      ]);
      expect(problems).toEqual([]);
    },
  );

  test('outside the app, with no session to send them under, the events wait: no request the server would refuse, no error in the console', async ({
    page,
  }) => {
    const problems = watch(page);
    const sent: string[] = [];
    const errors: string[] = [];
    page.on('request', (request) => void (request.url().includes('/api/track') && sent.push(request.url())));
    page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
    // Retries would come at 2 s, then up to every 60 s: the page's clock is moved instead of waited on.
    await page.clock.install();
    await page.goto('/k-recharge?status_height=24');
    await expect.poll(async () => (await queued(page)).map((item) => item.name), { timeout: 10_000 }).toContain('coins.package');
    for (let minute = 0; minute < 10; minute += 1) await page.clock.fastForward(60_000);
    await page.evaluate(() => dispatchEvent(new Event('pagehide')));
    expect([sent, errors, problems]).toEqual([[], [], []]);
    expect((await queued(page)).length).toBeGreaterThan(0);
  });
});
