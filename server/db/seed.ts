/**
 * Seed data per migration version: the catalogue a fresh database starts with. Help-centre texts are
 * in nine locales (seed/faq.json, seed/feedback-types.json); coin transactions are generated for the
 * fake host's default user so the records page has months of history.
 */
import { readFileSync } from 'node:fs';
import type { DatabaseSync } from 'node:sqlite';

// Paths from the project root: the server runs from there, bundled or not (scripts/start.mjs).
const load = (name: string) => JSON.parse(readFileSync(`server/db/seed/${name}`, 'utf8'));

/** The uid of the fake host's default account (tests/fixtures/fake-host/state.ts). */
export const DEMO_UID = '10001';

type Texts = Record<string, string>;

function seedCatalogue(db: DatabaseSync): void {
  const catalogue = load('catalogue.json');
  const plan = db.prepare('INSERT INTO plans VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)');
  catalogue.plans.forEach((p: any, i: number) => plan.run(p.id, p.tier, p.period, p.days, p.price, p.original, p.currency, p.autoRenew ? 1 : 0, i));
  const coins = db.prepare('INSERT INTO coin_packages VALUES (?, ?, ?, ?, ?, ?)');
  catalogue.coinPackages.forEach((p: any, i: number) => coins.run(p.id, p.coins, p.bonus, p.price, p.currency, i));
  const song = db.prepare('INSERT INTO songs VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
  for (const s of catalogue.songs) {
    song.run(s.id, s.name, s.artist, `/covers/${s.cover}.svg`, s.seconds, +!!s.vip, +!!s.paid, +!!s.spatial, +(s.lyrics ?? true), +(s.copyright ?? true));
  }
  const playlist = db.prepare('INSERT INTO playlists VALUES (?, ?, ?, ?, ?)');
  const entry = db.prepare('INSERT INTO playlist_songs VALUES (?, ?, ?)');
  catalogue.playlists.forEach((p: any, i: number) => {
    playlist.run(p.id, p.name, `/covers/${p.cover}.svg`, p.kind, i);
    p.songs.forEach((id: string, j: number) => entry.run(p.id, id, j));
  });

  const faq = load('faq.json');
  const category = db.prepare('INSERT INTO faq_categories VALUES (?, ?)');
  const categoryTitle = db.prepare('INSERT INTO faq_category_titles VALUES (?, ?, ?)');
  for (const c of faq.categories) {
    category.run(c.id, c.order);
    for (const [locale, title] of Object.entries(c.title as Texts)) categoryTitle.run(c.id, locale, title);
  }
  const question = db.prepare('INSERT INTO faqs VALUES (?, ?, ?, ?)');
  const text = db.prepare('INSERT INTO faq_texts VALUES (?, ?, ?, ?)');
  for (const q of faq.questions) {
    question.run(q.id, q.category, q.order, q.keywords.join(' '));
    for (const locale of Object.keys(q.question)) text.run(q.id, locale, q.question[locale], q.answer[locale]);
  }

  const type = db.prepare('INSERT INTO feedback_types VALUES (?, ?)');
  const label = db.prepare('INSERT INTO feedback_type_labels VALUES (?, ?, ?)');
  for (const t of load('feedback-types.json')) {
    type.run(t.id, t.order);
    for (const [locale, text] of Object.entries(t.label as Texts)) label.run(t.id, locale, text);
  }

  seedTransactions(db, catalogue.coinPackages);
}

/** Five months of coin history, deterministic (no Math.random), newest a pending recharge of 40 min ago. */
function seedTransactions(db: DatabaseSync, packages: { coins: number; price: number; currency: string }[]): void {
  const insert = db.prepare('INSERT INTO coin_transactions VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)');
  const now = Date.now();
  const hour = 3_600_000;
  insert.run('t-pending', DEMO_UID, 'recharge', 300, 3000, 'CNY', 'pending', null, now - 40 * 60_000);
  for (let i = 1; i <= 44; i++) {
    const at = now - i * 83 * hour;
    const pkg = packages[i % packages.length]!;
    if (i % 3 === 0) insert.run(`t-${i}`, DEMO_UID, 'recharge', pkg.coins, pkg.price, pkg.currency, i % 15 === 0 ? 'failed' : 'credited', null, at);
    else insert.run(`t-${i}`, DEMO_UID, 'spend', -((i % 7) + 1) * 10, null, null, 'credited', i % 2 ? 'gift' : 'song', at);
  }
}

/** Seed functions by the migration version whose tables they fill. */
export const SEEDS: Record<number, (db: DatabaseSync) => void> = { 2: seedCatalogue };
