/**
 * Seed data per migration version, in two parts. The catalogue is what the product sells and says,
 * and every database needs it, a release's too: plans and their offers, coin packages, songs and
 * playlists, the help centre's questions and feedback types. The demo data stands for users and what
 * they did, and only `npm start` and the tests get it (openDb's `demo`): the accounts `10001` (the
 * fake host's default user) and `10002` (a member with past orders, membership and downloads), coin
 * history and balances, comments and a ban to appeal, feedback threads, and the redeem codes
 * docs/api.md prints. On a release server those codes would redeem for anyone, and
 * whoever the account service numbers 10002 would see a stranger's orders.
 * Help-centre texts are in nine locales (seed/faq.json, seed/feedback-types.json), and since migration
 * 20 the playlist names, search keywords and demo threads too.
 */
import { readFileSync } from 'node:fs';
import { DAY } from '../time';
import type { DatabaseSync } from 'node:sqlite';
import { BENEFITS } from '../../src/shared/vip/benefits';
import { grant, NO_LEDGER, type Tier } from '../../src/shared/vip/ledger';

// Paths from the project root: the server runs from there, bundled or not (scripts/start.mjs).
const load = (name: string) => JSON.parse(readFileSync(`server/db/seed/${name}`, 'utf8'));

/** The uid of the fake host's default account (server/fake-host/state.ts). */
export const DEMO_UID = '10001';

type Texts = Record<string, string>;

/** Plans, coin packages, songs and playlists, help questions and feedback types. */
function seedCatalogue(db: DatabaseSync): void {
  const catalogue = load('catalogue.json');
  const plan = db.prepare(
    `INSERT INTO plans (id, tier, period, days, price_cents, original_cents, currency, auto_renew, sort)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const [i, p] of catalogue.plans.entries()) plan.run(p.id, p.tier, p.period, p.days, p.price, p.original, p.currency, p.autoRenew ? 1 : 0, i);
  const coins = db.prepare('INSERT INTO coin_packages (id, coins, bonus, price_cents, currency, sort) VALUES (?, ?, ?, ?, ?, ?)');
  for (const [i, p] of catalogue.coinPackages.entries()) coins.run(p.id, p.coins, p.bonus, p.price, p.currency, i);
  const song = db.prepare('INSERT INTO songs (id, name, artist, cover, seconds, vip, paid, spatial, lyrics, copyright) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
  for (const s of catalogue.songs) {
    song.run(s.id, s.name, s.artist, `/covers/${s.cover}.svg`, s.seconds, +!!s.vip, +!!s.paid, +!!s.spatial, +(s.lyrics ?? true), +(s.copyright ?? true));
  }
  const playlist = db.prepare('INSERT INTO playlists (id, name, cover, kind, sort) VALUES (?, ?, ?, ?, ?)');
  const entry = db.prepare('INSERT INTO playlist_songs (playlist, song, sort) VALUES (?, ?, ?)');
  for (const [i, p] of catalogue.playlists.entries()) {
    playlist.run(p.id, p.name, `/covers/${p.cover}.svg`, p.kind, i);
    p.songs.forEach((id: string, j: number) => entry.run(p.id, id, j));
  }

  const faq = load('faq.json');
  const category = db.prepare('INSERT INTO faq_categories (id, sort) VALUES (?, ?)');
  const categoryTitle = db.prepare('INSERT INTO faq_category_titles (category, locale, title) VALUES (?, ?, ?)');
  for (const c of faq.categories) {
    category.run(c.id, c.order);
    for (const [locale, title] of Object.entries(c.title as Texts)) categoryTitle.run(c.id, locale, title);
  }
  const question = db.prepare('INSERT INTO faqs (id, category, sort, keywords) VALUES (?, ?, ?, ?)');
  const text = db.prepare('INSERT INTO faq_texts (faq, locale, question, answer) VALUES (?, ?, ?, ?)');
  for (const q of faq.questions) {
    question.run(q.id, q.category, q.order, q.keywords.join(' '));
    for (const locale of Object.keys(q.question)) text.run(q.id, locale, q.question[locale], q.answer[locale]);
  }

  const type = db.prepare('INSERT INTO feedback_types (id, sort) VALUES (?, ?)');
  const label = db.prepare('INSERT INTO feedback_type_labels (type, locale, label) VALUES (?, ?, ?)');
  for (const t of load('feedback-types.json')) {
    type.run(t.id, t.order);
    for (const [locale, text] of Object.entries(t.label as Texts)) label.run(t.id, locale, text);
  }
}

/**
 * The default user's five months of coin history, deterministic (no Math.random), newest a pending
 * recharge of 40 min ago; opening balances follow in migration 4.
 */
function seedTransactions(db: DatabaseSync, now: number): void {
  const packages: { coins: number; price: number; currency: string }[] = load('catalogue.json').coinPackages;
  const insert = db.prepare(
    `INSERT INTO coin_transactions (id, uid, kind, coins, price_cents, currency, state, note, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const hour = 3_600_000;
  insert.run('t-pending', DEMO_UID, 'recharge', 300, 3000, 'CNY', 'pending', null, now - 40 * 60_000);
  for (let i = 1; i <= 44; i++) {
    const at = now - i * 83 * hour;
    const pkg = packages[i % packages.length]!;
    if (i % 3 === 0) insert.run(`t-${i}`, DEMO_UID, 'recharge', pkg.coins, pkg.price, pkg.currency, i % 15 === 0 ? 'failed' : 'credited', null, at);
    else insert.run(`t-${i}`, DEMO_UID, 'spend', -((i % 7) + 1) * 10, null, null, 'credited', i % 2 ? 'gift' : 'song', at);
  }
}

interface VipSeed {
  /** An account with history (never DEMO_UID: tests and the demo start from "not activated"). */
  memberUid: string;
  redeemCodes: { code: string; tier: 'vip' | 'svip'; days: number; validDays?: number; expiresAt?: string; usedBy?: string; usedDaysAgo?: number }[];
  /** Oldest first; paid ones are replayed through the membership arithmetic, so membership matches them. */
  orders: { orderId: string; planId: string; payType: string; state: 'paid' | 'cancelled' | 'failed'; daysAgo: number }[];
}

/** Redeem codes, and the member account's orders, membership and auto-renewal, relative to now. */
function seedVip(db: DatabaseSync, nowMs: number): void {
  const vip = load('vip.json') as VipSeed;
  if (vip.memberUid === DEMO_UID) throw new Error('seed/vip.json: the default user must start without membership');
  const now = Math.floor(nowMs / 1000);
  const code = db.prepare('INSERT INTO redeem_codes (code, tier, days, expires_at, used_by, used_at) VALUES (?, ?, ?, ?, ?, ?)');
  for (const c of vip.redeemCodes) {
    const expiresAt = c.expiresAt ? Math.floor(Date.parse(c.expiresAt) / 1000) : now + (c.validDays ?? 365) * DAY;
    code.run(c.code.toUpperCase(), c.tier, c.days, expiresAt, c.usedBy ?? null, c.usedBy ? now - (c.usedDaysAgo ?? 0) * DAY : null);
  }
  const insert = db.prepare(
    `INSERT INTO vip_orders (order_id, uid, plan_id, attempt, pay_type, amount, currency, state, created_at, paid_at, renewed)
     SELECT ?, ?, id, ?, ?, price_cents, currency, ?, ?, ?, ? FROM plans WHERE id = ?`,
  );
  const renewal = db.prepare(
    `INSERT INTO renewals (uid, plan_id, enabled, next_charge_at, amount, currency) SELECT ?, id, 1, ?, price_cents, currency FROM plans WHERE id = ?
     ON CONFLICT (uid, plan_id) DO UPDATE SET enabled = 1, next_charge_at = excluded.next_charge_at`,
  );
  // Replayed through the ledger's rules, and written in this migration's columns (version 3: one tier
  // and an expiry; migration 18 turns them into the ledger's two runs).
  let ledger = NO_LEDGER;
  for (const o of vip.orders) {
    const plan = db.prepare('SELECT tier, days, auto_renew FROM plans WHERE id = ?').get(o.planId);
    if (!plan) throw new Error(`seed/vip.json: no plan ${o.planId}`);
    const at = now - o.daysAgo * DAY;
    const paid = o.state === 'paid' ? grant(ledger, plan.tier as Tier, Number(plan.days), at) : null;
    if (paid) ledger = paid.ledger;
    insert.run(
      o.orderId,
      vip.memberUid,
      `seed-attempt-${o.orderId}`,
      o.payType,
      o.state,
      at,
      paid ? at : null,
      paid && paid.effect !== 'activated' ? 1 : 0,
      o.planId,
    );
    if (paid && plan.auto_renew) renewal.run(vip.memberUid, ledger.expiresAt, o.planId);
  }
  if (ledger.expiresAt > 0) {
    db.prepare('INSERT INTO memberships (uid, tier, expires_at) VALUES (?, ?, ?)').run(
      vip.memberUid,
      ledger.svipUntil >= ledger.expiresAt ? 'svip' : 'vip',
      ledger.expiresAt,
    );
  }
}

/**
 * Opening balances, so that every balance equals the sum of the user's credited records (pending and
 * failed ones add nothing). A user whose credited records sum below zero (none in today's seed: the
 * default user's come to 6870) gets an opening `refund` record, note `opening`, dated 1 ms before
 * their oldest record, that lifts the sum to exactly 0: balances are never negative. Users without
 * records get no row and read 0.
 */
function seedCoins(db: DatabaseSync): void {
  const sums = db
    .prepare("SELECT uid, SUM(CASE WHEN state = 'credited' THEN coins ELSE 0 END) AS sum, MIN(created_at) AS oldest FROM coin_transactions GROUP BY uid")
    .all();
  const opening = db.prepare(
    `INSERT INTO coin_transactions (id, uid, kind, coins, price_cents, currency, state, note, created_at)
     VALUES (?, ?, 'refund', ?, NULL, NULL, 'credited', 'opening', ?)`,
  );
  const balance = db.prepare('INSERT INTO coin_balances (uid, balance) VALUES (?, ?)');
  for (const row of sums) {
    const uid = String(row.uid);
    const sum = Number(row.sum);
    if (sum < 0) opening.run(`t-opening-${uid}`, uid, -sum, Number(row.oldest) - 1);
    balance.run(uid, Math.max(sum, 0));
  }
}

interface ModerationSeed {
  comments: { id: string; song: string; uid: string; author: string; content: string; hoursAgo: number; removedHoursAgo?: number }[];
  restrictions: { id: string; uid: string; kind: string; beganHoursAgo: number; days: number | null }[];
}

/**
 * Comments to report (the fake host's default `c1` among them; `c-removed` is gone), and for the
 * default user a removed comment and a week-long comment ban to appeal.
 */
function seedModeration(db: DatabaseSync, nowMs: number): void {
  const seed = load('comments.json') as ModerationSeed;
  const now = Math.floor(nowMs / 1000);
  const hour = 3_600;
  const comment = db.prepare('INSERT INTO comments (id, song_id, uid, author, content, state, created_at, removed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
  for (const c of seed.comments) {
    const removed = c.removedHoursAgo === undefined ? null : now - c.removedHoursAgo * hour;
    comment.run(c.id, c.song, c.uid, c.author, c.content, removed === null ? 'visible' : 'removed', now - c.hoursAgo * hour, removed);
  }
  const restriction = db.prepare('INSERT INTO restrictions (id, uid, kind, began_at, until) VALUES (?, ?, ?, ?, ?)');
  for (const r of seed.restrictions) {
    const began = now - r.beganHoursAgo * hour;
    restriction.run(r.id, r.uid, r.kind, began, r.days === null ? null : began + r.days * 24 * hour);
  }
}

/**
 * The default user's feedback: one answered and not yet read, one being handled, one just sent, so
 * /my-feedback shows every state and /help-feedback its unread dot.
 */
function seedFeedback(db: DatabaseSync, nowMs: number): void {
  const now = Math.floor(nowMs / 1000);
  const insert = db.prepare(
    `INSERT INTO feedback (id, uid, attempt, type, description, contact, important, phone, attachments, screenshots, log, song, locale, state, unread, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, 'test.user@example.com', 0, '', '[]', '[]', NULL, ?, 'en-US', ?, ?, ?, ?)`,
  );
  const message = db.prepare('INSERT INTO feedback_messages (id, feedback, sender, text, at) VALUES (?, ?, ?, ?, ?)');
  insert.run(
    'fb-demo-replied',
    DEMO_UID,
    'seed-fb-1',
    'music',
    'The lyrics of Saigon Rain are about two seconds late in the second verse.',
    's04',
    'replied',
    1,
    now - 6 * DAY,
    now - 2 * DAY,
  );
  message.run(
    'm-demo-1',
    'fb-demo-replied',
    'support',
    'Thanks for telling us. We have corrected the timing of the lyrics; the fix reaches your app within a day.',
    now - 2 * DAY,
  );
  insert.run(
    'fb-demo-progress',
    DEMO_UID,
    'seed-fb-2',
    'experience',
    'Downloads stop when the screen turns off.',
    null,
    'inProgress',
    0,
    now - 3 * DAY,
    now - DAY,
  );
  message.run('m-demo-2', 'fb-demo-progress', 'support', 'We are looking into this. Which phone model and Android version do you use?', now - 2 * DAY);
  message.run('m-demo-3', 'fb-demo-progress', 'user', 'OPPO Find X5, Android 14.', now - DAY);
  insert.run(
    'fb-demo-new',
    DEMO_UID,
    'seed-fb-3',
    'interface',
    'The search box is hidden behind the keyboard in landscape.',
    null,
    'submitted',
    0,
    now - 3_600,
    now - 3_600,
  );
}

/**
 * Downloads of the member account (seed/vip.json): 24 in its current cycle and a few from its earlier
 * membership, in every quality, so /download shows a quota in use and a history to page through.
 */
function seedDownloads(db: DatabaseSync, nowMs: number): void {
  const { memberUid } = load('vip.json') as VipSeed;
  const songs = db
    .prepare('SELECT id FROM songs ORDER BY id')
    .all()
    .map((row) => String(row.id));
  const insert = db.prepare('INSERT INTO downloads (id, uid, song, quality, created_at) VALUES (?, ?, ?, ?, ?)');
  const now = Math.floor(nowMs / 1000);
  const qualities = ['standard', 'high', 'lossless'];
  for (let i = 0; i < 30; i++) {
    // The member's current period began 10 days before seeding; the last six are from the one before.
    const at = i < 24 ? now - (i * 9 + 1) * 3_600 : now - (35 + i) * DAY;
    insert.run(`d-seed-${i}`, memberUid, songs[i % songs.length]!, qualities[i % 3]!, at);
  }
}

/** The accounts behind the personal-data pages: the default user and the member account. */
function seedAccounts(db: DatabaseSync): void {
  const insert = db.prepare('INSERT INTO accounts (uid, nickname, phone, registered_at) VALUES (?, ?, ?, ?)');
  insert.run(DEMO_UID, 'Test User', '+65 8000 0000', Math.floor(Date.UTC(2024, 0, 2, 2) / 1000));
  insert.run((load('vip.json') as VipSeed).memberUid, 'Mira Member', '+60 12 345 6789', Math.floor(Date.UTC(2023, 5, 14, 9) / 1000));
}

/** The limited-time offers of the catalogue (`offerDays`), ending that many days after the database is made. */
function seedOffers(db: DatabaseSync, nowMs: number): void {
  const now = Math.floor(nowMs / 1000);
  const offer = db.prepare('UPDATE plans SET offer_ends_at = ? WHERE id = ?');
  for (const p of load('catalogue.json').plans) if (p.offerDays) offer.run(now + p.offerDays * DAY, p.id);
}

/** SVIP by the day and the quarter (migration 16), offers included, and every SVIP plan in VIP's order. */
function seedSvipPlans(db: DatabaseSync, nowMs: number): void {
  const { plans, order } = load('svip-plans.json');
  const now = Math.floor(nowMs / 1000);
  const plan = db.prepare(
    `INSERT INTO plans (id, tier, period, days, price_cents, original_cents, currency, auto_renew, sort, offer_ends_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const p of plans)
    plan.run(p.id, p.tier, p.period, p.days, p.price, p.original, p.currency, p.autoRenew ? 1 : 0, 0, p.offerDays ? now + p.offerDays * DAY : null);
  // After every VIP plan, in `order`.
  const last = Number(db.prepare("SELECT MAX(sort) AS n FROM plans WHERE tier = 'vip'").get()!.n);
  const sort = db.prepare('UPDATE plans SET sort = ? WHERE id = ?');
  for (const [i, id] of (order as string[]).entries()) sort.run(last + 1 + i, id);
}

/**
 * What SVIP adds (migration 18): a question on it, and the answers that named only VIP's
 * download figures, all with the figures of the benefits table (src/shared/vip/benefits.ts).
 */
function seedSvipAnswers(db: DatabaseSync): void {
  const { questions, answers } = load('faq-svip.json') as {
    questions: { id: string; category: string; order: number; keywords: string[]; question: Texts; answer: Texts }[];
    answers: Record<string, Texts>;
  };
  const figures: Record<string, number> = {
    vipDownloads: BENEFITS.vip.downloadsPerCycle,
    svipDownloads: BENEFITS.svip.downloadsPerCycle,
    vipDay: BENEFITS.vip.downloadsPerDay,
    svipDay: BENEFITS.svip.downloadsPerDay,
  };
  const fill = (text: string) => text.replace(/\{(\w+)\}/g, (whole, name: string) => String(figures[name] ?? whole));
  const text = db.prepare('INSERT INTO faq_texts (faq, locale, question, answer) VALUES (?, ?, ?, ?)');
  for (const q of questions) {
    db.prepare('UPDATE faqs SET sort = sort + 1 WHERE category = ? AND sort >= ?').run(q.category, q.order);
    db.prepare('INSERT INTO faqs (id, category, sort, keywords) VALUES (?, ?, ?, ?)').run(q.id, q.category, q.order, q.keywords.join(' '));
    for (const locale of Object.keys(q.question)) text.run(q.id, locale, q.question[locale]!, fill(q.answer[locale]!));
  }
  const answer = db.prepare('UPDATE faq_texts SET answer = ? WHERE faq = ? AND locale = ?');
  for (const [id, texts] of Object.entries(answers)) for (const [locale, value] of Object.entries(texts)) answer.run(fill(value), id, locale);
}

/** Every plan's and coin package's price in each currency, and a custom amount's per coin (migration 19). */
function seedPrices(db: DatabaseSync): void {
  const { plans, coinPackages, centsPerCoin } = load('prices.json') as {
    plans: Record<string, Record<string, [number, number]>>;
    coinPackages: Record<string, Record<string, number>>;
    centsPerCoin: Record<string, number>;
  };
  const plan = db.prepare('INSERT INTO plan_prices (plan_id, currency, price_cents, original_cents) VALUES (?, ?, ?, ?)');
  for (const [id, prices] of Object.entries(plans)) for (const [currency, [price, original]] of Object.entries(prices)) plan.run(id, currency, price, original);
  const pack = db.prepare('INSERT INTO package_prices (package_id, currency, price_cents) VALUES (?, ?, ?)');
  for (const [id, prices] of Object.entries(coinPackages)) for (const [currency, price] of Object.entries(prices)) pack.run(id, currency, price);
  const rate = db.prepare('INSERT INTO coin_rates (currency, cents_per_coin) VALUES (?, ?)');
  for (const [currency, cents] of Object.entries(centsPerCoin)) rate.run(currency, cents);
}

/**
 * The catalogue in the user's language (migration 20): the editorial playlists' names, the
 * refund questions (answers as docs/help.md says: the Membership Agreement's refund rules), every
 * question's search keywords per locale, and the feedback types that were English in fil-PH.
 */
function seedLocaleCatalogue(db: DatabaseSync): void {
  const name = db.prepare('INSERT INTO playlist_names (playlist, locale, name) VALUES (?, ?, ?)');
  for (const [playlist, names] of Object.entries(load('playlist-names.json') as Record<string, Texts>))
    for (const [locale, text] of Object.entries(names)) name.run(playlist, locale, text);

  const { questions } = load('faq-refunds.json') as {
    questions: { id: string; category: string; order: number; keywords: string[]; question: Texts; answer: Texts }[];
  };
  const text = db.prepare('INSERT INTO faq_texts (faq, locale, question, answer) VALUES (?, ?, ?, ?)');
  for (const q of questions) {
    db.prepare('UPDATE faqs SET sort = sort + 1 WHERE category = ? AND sort >= ?').run(q.category, q.order);
    db.prepare('INSERT INTO faqs (id, category, sort, keywords) VALUES (?, ?, ?, ?)').run(q.id, q.category, q.order, q.keywords.join(' '));
    for (const locale of Object.keys(q.question)) text.run(q.id, locale, q.question[locale]!, q.answer[locale]!);
  }
  const keywords = db.prepare('UPDATE faq_texts SET keywords = ? WHERE faq = ? AND locale = ?');
  for (const [faq, byLocale] of Object.entries(load('faq-keywords.json') as Record<string, Record<string, string[]>>))
    for (const [locale, words] of Object.entries(byLocale)) keywords.run(words.join(' '), faq, locale);

  // A type's new label, and the answers that tell the user to pick the type by its old one.
  const { feedbackTypes } = load('labels.json') as { feedbackTypes: Record<string, Texts> };
  const before = db.prepare('SELECT label FROM feedback_type_labels WHERE type = ? AND locale = ?');
  const label = db.prepare('UPDATE feedback_type_labels SET label = ? WHERE type = ? AND locale = ?');
  const answers = db.prepare('UPDATE faq_texts SET answer = replace(answer, ?, ?) WHERE locale = ?');
  for (const [type, labels] of Object.entries(feedbackTypes))
    for (const [locale, value] of Object.entries(labels)) {
      const old = String(before.get(type, locale)!.label);
      label.run(value, type, locale);
      answers.run(old, value, locale);
    }
}

/**
 * The demo threads (seedFeedback) in every locale, so a user reading /my-feedback in Thai reads them
 * in Thai; the rows keep their English.
 */
function seedFeedbackTexts(db: DatabaseSync): void {
  const insert = db.prepare('INSERT INTO feedback_texts (ref, locale, text) VALUES (?, ?, ?)');
  for (const [ref, texts] of Object.entries(load('feedback-demo.json') as Record<string, Texts>))
    for (const [locale, text] of Object.entries(texts)) insert.run(ref, locale, text);
}

/** One part of a migration's seed, given the database and the time (ms) it is made at: the server's clock, so a test's clock seeds it too. */
export type SeedStep = (db: DatabaseSync, nowMs: number) => void;

/** Each migration's seed: its catalogue part for every database, its demo part for `npm start` and the tests only. */
export const SEEDS: Record<number, { catalogue?: SeedStep; demo?: SeedStep }> = {
  2: { catalogue: seedCatalogue, demo: seedTransactions },
  3: { demo: seedVip },
  4: { demo: seedCoins },
  5: { demo: seedModeration },
  6: { demo: seedFeedback },
  7: { demo: seedDownloads },
  9: { demo: seedAccounts },
  15: { catalogue: seedOffers },
  16: { catalogue: seedSvipPlans },
  18: { catalogue: seedSvipAnswers },
  19: { catalogue: seedPrices },
  20: { catalogue: seedLocaleCatalogue, demo: seedFeedbackTexts },
};

/**
 * Whether `db` holds the demo data, told by the redeem codes of seed/vip.json: only an operator makes
 * codes, while the real account service may well number a user 10001.
 * @example if (mode === 'release' && hasDemoData(db)) … refuse to start
 */
export function hasDemoData(db: DatabaseSync): boolean {
  const codes = (load('vip.json') as VipSeed).redeemCodes.map((c) => c.code.toUpperCase());
  return db.prepare(`SELECT 1 FROM redeem_codes WHERE code IN (${codes.map(() => '?').join(', ')}) LIMIT 1`).get(...codes) !== undefined;
}
