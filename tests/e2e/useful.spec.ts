/**
 * The `useful` mark (src/layouts/reads-script.ts, from the islands' `data-useful`): set once per page, when what the user opened the page
 * for is in the document from the server's data. An init script wraps `performance.mark` and, at the
 * call that sets the mark, records what the main region says and which placeholders are still shown
 * in the page's data region: the data must be there at that moment, not a skeleton, and the mark must
 * be set exactly once.
 */
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { defaultState } from '../../server/fake-host/state';
import { formatPrice } from '../../src/shared/format';
import { api, buyOnServer } from '../fixtures/api';
import { feedbackBody } from '../fixtures/bodies';
import { FIRST_READS } from '../../src/lib/api/first-reads';
import { expect, test, type HostState } from '../fixtures/app';
import { before, pattern, t } from '../fixtures/text';

// Each test a user of its own; the fake host sends export codes through the dev route.
test.use({ hostDefaults: { providerUrl: '/api/dev/provider', captchaUrl: '/api/dev/export-captcha', replyDelayMs: 30 } });

interface Playlist {
  id: string;
  name: string;
  songs: string[];
}
const catalogue = JSON.parse(readFileSync('server/db/seed/catalogue.json', 'utf8')) as {
  songs: { id: string; name: string; spatial?: boolean }[];
  playlists: (Playlist & { kind: string })[];
};
const faq = JSON.parse(readFileSync('server/db/seed/faq.json', 'utf8')) as {
  categories: { id: string; order: number; title: Record<string, string> }[];
  questions: { id: string; category: string; order: number; question: Record<string, string>; answer: Record<string, string> }[];
};

const prices = JSON.parse(readFileSync('server/db/seed/prices.json', 'utf8')) as {
  plans: Record<string, Record<string, [number, number]>>;
  coinPackages: Record<string, Record<string, number>>;
};

/** A seeded plan's or coin package's price, formatted as the page writes it: the default user is in Singapore, priced in US dollars. */
const price = (id: string) => formatPrice(prices.plans[id]?.USD?.[0] ?? prices.coinPackages[id]!.USD!, 'USD', 'en-US');
const songName = (id: string) => catalogue.songs.find((s) => s.id === id)!.name;

// The default account made a member, so /download's first screen is the quota's placeholder.
const MEMBER_ACCOUNT = { ...defaultState().account, isLogin: true, is_member: 1, vipType: 1, svipType: 0, vip: { is_vip: 1, valid_time: 1_999_999_999 } };

/** What the init script records at the mark. */
interface Snapshot {
  /** `#main`'s innerText: what the user sees, hidden parts left out. */
  text: string;
  /** How many elements the data region's selector matched. */
  regions: number;
  /** The class names of the placeholders (`.skeleton`) shown in the data region. */
  skeletons: string[];
}
type Recorder = { __usefulSnapshot?: Snapshot; __usefulCalls?: number };

/**
 * Runs in the page before its own scripts: wraps `performance.mark` so that the call setting `useful`
 * records, synchronously, what the page shows at that moment (the first such call only), and counts
 * the calls.
 */
function recordUseful(region: string) {
  const recorder = window as unknown as Recorder;
  recorder.__usefulCalls = 0;
  const mark = performance.mark.bind(performance);
  const shown = (element: Element) =>
    typeof element.checkVisibility === 'function' ? element.checkVisibility({ visibilityProperty: true }) : element.getClientRects().length > 0;
  performance.mark = (name: string, options?: PerformanceMarkOptions) => {
    if (name === 'useful') {
      recorder.__usefulCalls! += 1;
      if (!recorder.__usefulSnapshot) {
        const regions = Array.from(document.querySelectorAll(region));
        const skeletons = regions.flatMap((r) => [r, ...Array.from(r.querySelectorAll('*'))]).filter((e) => e.classList.contains('skeleton') && shown(e));
        recorder.__usefulSnapshot = {
          text: document.getElementById('main')?.innerText ?? '',
          regions: regions.length,
          skeletons: skeletons.map((e) => e.className),
        };
      }
    }
    return mark(name, options);
  };
}

const marks = (page: Page) => page.evaluate(() => performance.getEntriesByName('useful', 'mark').length);

interface Case {
  /** The page as the app opens it, and the rest of its query. */
  path: string;
  query?: string;
  /** Where the page's data is drawn: no placeholder may be shown in it at the mark. */
  region: string;
  /** What the server's data puts on the page, as the page writes it. */
  shows: string[];
  /** What the page must not say any more at the mark (the first screen's stand-in). */
  notShows?: string[];
  /** The fake host beyond the test's user. */
  host?: HostState;
  /** What the server holds for the test's user first; what it made may add to the query. */
  prepare?: (page: Page, uid: string) => Promise<string | void>;
  /** The page once everything has arrived, later parts included: the mark is still set once. */
  settled: (page: Page) => Locator;
}

const daily = catalogue.playlists.find((p) => p.id === 'p-daily')!;
const spatial = catalogue.playlists.find((p) => p.kind === 'spatial')!;
const playback = faq.categories.find((c) => c.order === 1)!;
const firstQuestion = faq.questions.find((q) => q.category === playback.id && q.order === 1)!;

/** The user's list of feedback, on `path`, once they have sent one that says `description`. */
const feedbackList = (path: string, description: string): Case => ({
  path,
  region: '.feedback-list',
  shows: [description, t('en-US', 'help.stateSubmitted')],
  prepare: async (page, uid) => {
    const { code } = await api(page, uid, '/api/feedback', feedbackBody({ type: 'other', description }));
    expect(code).toBe(0);
  },
  settled: (page) => page.locator('.empty').filter({ hasText: t('en-US', 'help.end') }),
});

/** The user has asked for a copy of their data today (the one request a day). */
const requestExport = async (page: Page, uid: string) => {
  const email = `${uid}@example.com`;
  const sent = await (await page.request.post('/api/dev/export-captcha', { data: { uid, email } })).json();
  const request = { email, code: sent.data.code, password: '135790', timeZone: 'UTC', attempt: `e2e-useful-export-${uid}` };
  expect((await api(page, uid, '/api/personal/export', request)).code).toBe(0);
};

const CASES: Record<string, Case> = {
  '/vip-center: the plans with their prices': {
    path: '/vip-center',
    region: '.vip-plans, .vip-plans-wait',
    shows: [t('en-US', 'vip.plans'), price('vip-month')],
    settled: (page) => page.locator('.vip-state').filter({ hasText: t('en-US', 'vip.notMember') }),
  },
  '/k-recharge: the balance and the packages': {
    path: '/k-recharge',
    region: '.coins-card, .coins-packages',
    shows: [(1234).toLocaleString('en-US'), price('coins-300')],
    prepare: async (page, uid) => {
      expect((await page.request.post('/api/dev/coins', { data: { uid, balance: 1234 } })).ok()).toBe(true);
    },
    settled: (page) => page.getByRole('button', { name: pattern(t('en-US', 'coins.pay'), { price: /.+/ }, { whole: true }) }),
  },
  '/channel: the chosen plan, what paying does and what it costs': {
    path: '/channel',
    query: '&plan=vip-month',
    region: '.vip',
    shows: [t('en-US', 'vip.amount'), price('vip-month'), t('en-US', 'vip.payOnce', { amount: price('vip-month') })],
    settled: (page) => page.locator('button.vip-buy:enabled'),
  },
  '/renewal-management: the auto-renewal the server keeps, with its amount': {
    path: '/renewal-management',
    region: '.vip-renewals',
    shows: [before(t('en-US', 'vip.nextCharge'), 'date'), price('vip-month-auto'), price('svip-month-auto')],
    prepare: (page, uid) => buyOnServer(page, uid, 'vip-month-auto'),
    settled: (page) => page.locator('[role="switch"][aria-checked="true"]'),
  },
  '/k-transactions: the records': {
    path: '/k-transactions',
    region: '.coins',
    shows: [t('en-US', 'coins.kindRecharge'), '+310', t('en-US', 'coins.stateCredited')],
    prepare: async (page, uid) => {
      const { data } = await api(page, uid, '/api/coins/order', { packageId: 'coins-300', payType: '1', region: 'SG', attempt: `e2e-useful-${uid}` });
      expect((await page.request.post('/api/dev/provider', { data: { orderId: data.order.orderId, outcome: 'paid' } })).ok()).toBe(true);
    },
    settled: (page) => page.locator('.records-end'),
  },
  '/k-transactions: "No data" once the server said there is none': {
    path: '/k-transactions',
    region: '.coins',
    shows: [t('en-US', 'coins.noData')],
    settled: (page) => page.locator('.records-empty'),
  },
  '/download: the quota': {
    path: '/download',
    region: '.music-hero',
    host: { account: MEMBER_ACCOUNT },
    shows: [t('en-US', 'music.quotaLeft', { left: 300 }), t('en-US', 'music.quotaUsed', { used: 0, total: 300 })],
    notShows: [t('en-US', 'music.nonMemberTitle')],
    prepare: (page, uid) => buyOnServer(page, uid, 'vip-month'),
    settled: (page) => page.locator('.music-empty'),
  },
  '/my-feedback: the list': feedbackList('/my-feedback', 'Subtitles vanish in the mini player.'),
  '/my-feedback1: the list, as /my-feedback draws it': feedbackList('/my-feedback1', 'The lyrics lag a second behind.'),
  '/my-feedback: "No data" once the server said there is none': {
    path: '/my-feedback',
    region: '.help',
    shows: [t('en-US', 'error.noData')],
    settled: (page) => page.locator('.empty a'),
  },
  '/help-feedback: the questions by category': {
    path: '/help-feedback',
    region: '.help',
    shows: [playback.title['en-US']!, firstQuestion.question['en-US']!],
    settled: (page) => page.locator('.help-contact:enabled').first(),
  },
  '/q-and-a: the answer': {
    path: '/q-and-a',
    query: `&id=${firstQuestion.id}&title=${encodeURIComponent(firstQuestion.question['en-US']!)}`,
    region: '.help',
    shows: [firstQuestion.answer['en-US']!.split('\n')[0]!],
    settled: (page) => page.getByRole('button', { name: t('en-US', 'help.yes') }),
  },
  '/detail-questions: a question opened from the playback list, answered': {
    path: '/detail-questions',
    query: `&id=${firstQuestion.id}`,
    region: '.help',
    shows: [firstQuestion.answer['en-US']!.split('\n')[0]!],
    settled: (page) => page.getByRole('button', { name: t('en-US', 'help.yes') }),
  },
  '/q-and-a: "No content yet" for a question the server does not have': {
    path: '/q-and-a',
    query: '&id=no-such-question',
    region: '.help',
    shows: [t('en-US', 'error.noContent')],
    settled: (page) => page.locator('.help .empty'),
  },
  '/oppo-music: the song lists': {
    path: '/oppo-music',
    region: '.music',
    shows: [daily.name, songName(daily.songs[0]!)],
    settled: (page) => page.locator('.playlist').first(),
  },
  '/center-station: the spatial area and the song lists': {
    path: '/center-station',
    region: '.music',
    shows: [t('en-US', 'music.spatialTitle'), songName(spatial.songs[0]!), daily.name],
    settled: (page) => page.locator('.spatial'),
  },
  '/my-detail: the feedback and its thread': {
    path: '/my-detail',
    region: '.help',
    shows: ['The equaliser resets after every song.', 'Thanks, we are on it.'],
    prepare: async (page, uid) => {
      const { code, data } = await api(page, uid, '/api/feedback', feedbackBody({ type: 'other', description: 'The equaliser resets after every song.' }));
      expect(code).toBe(0);
      const reply = await page.request.post('/api/dev/feedback-reply', { data: { feedbackId: data.feedback.id, text: 'Thanks, we are on it.' } });
      expect(reply.ok()).toBe(true);
      return `&id=${encodeURIComponent(data.feedback.id)}`;
    },
    settled: (page) => page.getByLabel(t('en-US', 'help.followUpLabel')),
  },
  "/private.html: the form, once the server said today's request is free": {
    path: '/private.html',
    region: '.personal',
    shows: [t('en-US', 'personal.emailLabel'), t('en-US', 'personal.submit')],
    notShows: [t('en-US', 'error.downloadLimit')],
    settled: (page) => page.getByLabel(t('en-US', 'personal.emailLabel')),
  },
  "/private.html: today's request used, as the server says": {
    path: '/private.html',
    region: '.personal',
    shows: [t('en-US', 'error.downloadLimit'), before(t('en-US', 'personal.limitNext'), 'date')],
    prepare: requestExport,
    settled: (page) => page.locator('.personal-limit a'),
  },
  '/personalDataDownload.html: the request made, with its state': {
    path: '/personalDataDownload.html',
    region: '.personal',
    shows: [before(t('en-US', 'personal.requestedOn'), 'date'), t('en-US', 'personal.stateRequested')],
    notShows: [t('en-US', 'error.noData')],
    prepare: requestExport,
    settled: (page) => page.locator('.personal-limit'),
  },
};

test.describe('the useful mark: at the mark the data is on the page', () => {
  for (const [name, c] of Object.entries(CASES)) {
    test(name, async ({ page, uid, signIn, open }) => {
      const made = await c.prepare?.(page, uid);
      await signIn(c.host);
      await page.addInitScript(recordUseful, c.region);
      // The page's first reads (src/lib/api/first-reads.ts) go out from the seal's chunk, before core
      // has come: core is held until they have. Read by the models instead, they would wait for it,
      // and the page never show its data.
      const reads = (FIRST_READS[c.path.slice(1)] ?? []).map((read) => read.path);
      expect(reads.length, 'a data page has first reads').toBeGreaterThan(0);
      const posts: string[] = [];
      let allOut!: () => void;
      const out = new Promise<void>((resolve) => (allOut = resolve));
      page.on('request', (r) => {
        const path = new URL(r.url()).pathname;
        if (r.method() === 'POST' && path.startsWith('/api/')) posts.push(path);
        if (reads.every((read) => posts.includes(read))) allOut();
      });
      await page.route(/\/_astro\/core\.[\w-]+(?:\.classic)?\.js$/, async (route) => {
        await out;
        await route.continue();
      });
      await open(c.path, `${c.query ?? ''}${made ?? ''}`);

      await expect.poll(() => marks(page)).toBeGreaterThan(0);
      const snapshot = await page.evaluate(() => (window as unknown as Recorder).__usefulSnapshot);
      expect(snapshot, 'the mark was set through performance.mark').toBeDefined();
      expect(snapshot!.regions, `the data region ${c.region} is on the page`).toBeGreaterThan(0);
      expect(snapshot!.skeletons, 'no placeholder shown in the data region').toEqual([]);
      for (const text of c.shows) expect(snapshot!.text).toContain(text);
      for (const text of c.notShows ?? []) expect(snapshot!.text).not.toContain(text);

      // Everything else arrives: the mark was set once, and only once.
      await expect(c.settled(page)).toBeVisible();
      expect(await marks(page)).toBe(1);
      expect(await page.evaluate(() => (window as unknown as Recorder).__usefulCalls)).toBe(1);
      // Each first read sent once: its model took that answer, and asked for nothing twice.
      for (const read of reads)
        expect(
          posts.filter((path) => path === read),
          read,
        ).toHaveLength(1);
    });
  }
});

// A page's first Intl formatter loads ICU's data (40 ms at 4× CPU): made at the paint, while the reads
// travel (src/components/shell/painted.ts), it is not paid between the prices' arrival and the user.
test('the number and date formatters are made while the first reads are still on their way', async ({ page, signIn, open }) => {
  await signIn();
  await page.addInitScript(() => {
    const made: string[] = [];
    (window as unknown as { __formatters: string[] }).__formatters = made;
    for (const kind of ['NumberFormat', 'DateTimeFormat'] as const) {
      const native = Intl[kind];
      Intl[kind] = new Proxy(native, {
        construct(target, args: [string?, object?]) {
          made.push(`${kind} ${String(args[0])}`);
          return Reflect.construct(target, args) as object;
        },
      }) as never;
    }
  });
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/vip\//, async (route) => {
    await held;
    await route.continue();
  });
  await open('/vi-VN/vip-center');

  const made = () => page.evaluate(() => (window as unknown as { __formatters: string[] }).__formatters);
  await expect.poll(made).toEqual(expect.arrayContaining(['NumberFormat vi-VN', 'DateTimeFormat vi-VN']));
  await expect(page.locator('[data-useful]')).toHaveCount(0);
  release();
  await expect(page.locator('[data-useful]').first()).toBeVisible();
});

// The first reads' script (build/first-reads-script.ts) is fetched while the page parses, so that the
// seal is in when the page paints and the reads leave then; it runs at the paint, not before.
test.describe("the first reads' script", () => {
  const SCRIPT = /\/_astro\/first-reads\.[\w-]+\.js$/;
  /** Each request of the page's first reads' script, and when it started, run and the page painted (ms since navigation). */
  const timings = (page: Page) =>
    page.evaluate(() => {
      const fetched = performance.getEntriesByType('resource').filter((entry) => /\/_astro\/first-reads\./.test(entry.name));
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      return { fetched: fetched.map((entry) => entry.startTime), paint: paint?.startTime, ran: !!window.firstReads };
    });

  test('signed in: asked for before the first paint, once, and run after it', async ({ page, signIn, open }) => {
    await signIn();
    // The moment it runs, against the paint: its first line publishes what it keeps.
    await page.addInitScript(() => {
      let value: unknown;
      Object.defineProperty(window, 'firstReads', {
        get: () => value,
        set: (v) => {
          value = v;
          (window as unknown as { __ranAt: number }).__ranAt = performance.now();
        },
      });
    });
    await open('/vi-VN/k-recharge');
    await expect(page.locator('[data-useful]').first()).toBeVisible();
    const { fetched, paint, ran } = await timings(page);
    expect(ran).toBe(true);
    expect(fetched).toHaveLength(1);
    expect(paint).toBeDefined();
    expect(fetched[0]!).toBeLessThan(paint!);
    expect(await page.evaluate(() => (window as unknown as { __ranAt: number }).__ranAt)).toBeGreaterThanOrEqual(paint!);
  });

  /** The requests for the first reads' script, from now on. */
  const asked = (page: Page) => {
    const urls: string[] = [];
    page.on('request', (r) => SCRIPT.test(new URL(r.url()).pathname) && urls.push(r.url()));
    return urls;
  };

  test('signed out: never asked for', async ({ page, signIn }) => {
    const urls = asked(page);
    await signIn({ account: { ...defaultState().account, isLogin: false } });
    // As the app opens a signed-out user's page: no session in its address.
    await page.goto('/k-recharge?status_height=24');
    await expect(page.locator('.gate-sign-in')).toBeVisible();
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    expect(urls).toEqual([]);
  });

  test("a session in the address the host says is signed out: asked for once, by the response's header, and never run", async ({ page, signIn, open }) => {
    // The server sees the session's shape, not the host's answer (server/static.ts firstReadsLink):
    // 3 KB the page does not use, where the session went stale in the app.
    const urls = asked(page);
    await signIn({ account: { ...defaultState().account, isLogin: false } });
    const response = await open('/k-recharge');
    expect(response!.headers().link).toMatch(/^<\/_astro\/first-reads\.[\w-]+\.js>; rel=preload; as=script$/);
    await expect(page.locator('.gate-sign-in')).toBeVisible();
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    expect(urls).toHaveLength(1);
    expect(await page.evaluate(() => 'firstReads' in window)).toBe(false);
  });

  test('on a page without first reads: never asked for', async ({ page, signIn, open }) => {
    const urls = asked(page);
    await signIn();
    await open('/feedback');
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    expect(urls).toEqual([]);
  });
});
