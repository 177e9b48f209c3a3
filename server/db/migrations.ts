/**
 * Schema migrations, applied in order on start; each runs once (recorded in schema_migrations).
 * Never edit a migration that has shipped: add the next version.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: 'platform: sessions, replay guard, uploads, tracking',
    sql: `
      CREATE TABLE sessions (
        uid TEXT NOT NULL,
        app_sessionid TEXT NOT NULL,
        login_at INTEGER NOT NULL,
        expired INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (uid, app_sessionid)
      );
      CREATE TABLE nonces (nonce TEXT PRIMARY KEY, seen_at INTEGER NOT NULL);
      CREATE INDEX nonces_seen ON nonces (seen_at);
      CREATE TABLE uploads (
        id TEXT PRIMARY KEY,
        uid TEXT NOT NULL,
        name TEXT NOT NULL,
        mime TEXT NOT NULL,
        size INTEGER NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE TABLE track_events (
        id TEXT PRIMARY KEY,
        uid TEXT NOT NULL,
        kind TEXT NOT NULL,
        name TEXT NOT NULL,
        at INTEGER NOT NULL,
        props TEXT,
        received_at INTEGER NOT NULL
      );
    `,
  },
  {
    version: 2,
    name: 'catalogue: plans, coin packages, help centre, songs and playlists, coin transactions',
    sql: `
      CREATE TABLE plans (
        id TEXT PRIMARY KEY,
        tier TEXT NOT NULL CHECK (tier IN ('vip', 'svip')),
        period TEXT NOT NULL CHECK (period IN ('day', 'month', 'quarter', 'year')),
        days INTEGER NOT NULL,
        price_cents INTEGER NOT NULL,
        original_cents INTEGER NOT NULL,
        currency TEXT NOT NULL,
        auto_renew INTEGER NOT NULL DEFAULT 0,
        sort INTEGER NOT NULL
      );
      CREATE TABLE coin_packages (
        id TEXT PRIMARY KEY,
        coins INTEGER NOT NULL,
        bonus INTEGER NOT NULL DEFAULT 0,
        price_cents INTEGER NOT NULL,
        currency TEXT NOT NULL,
        sort INTEGER NOT NULL
      );
      CREATE TABLE faq_categories (id TEXT PRIMARY KEY, sort INTEGER NOT NULL);
      CREATE TABLE faq_category_titles (
        category TEXT NOT NULL REFERENCES faq_categories (id),
        locale TEXT NOT NULL,
        title TEXT NOT NULL,
        PRIMARY KEY (category, locale)
      );
      CREATE TABLE faqs (
        id TEXT PRIMARY KEY,
        category TEXT NOT NULL REFERENCES faq_categories (id),
        sort INTEGER NOT NULL,
        keywords TEXT NOT NULL
      );
      CREATE TABLE faq_texts (
        faq TEXT NOT NULL REFERENCES faqs (id),
        locale TEXT NOT NULL,
        question TEXT NOT NULL,
        answer TEXT NOT NULL,
        PRIMARY KEY (faq, locale)
      );
      CREATE TABLE feedback_types (id TEXT PRIMARY KEY, sort INTEGER NOT NULL);
      CREATE TABLE feedback_type_labels (
        type TEXT NOT NULL REFERENCES feedback_types (id),
        locale TEXT NOT NULL,
        label TEXT NOT NULL,
        PRIMARY KEY (type, locale)
      );
      CREATE TABLE songs (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        artist TEXT NOT NULL,
        cover TEXT NOT NULL,
        seconds INTEGER NOT NULL,
        vip INTEGER NOT NULL DEFAULT 0,
        paid INTEGER NOT NULL DEFAULT 0,
        spatial INTEGER NOT NULL DEFAULT 0,
        lyrics INTEGER NOT NULL DEFAULT 1,
        copyright INTEGER NOT NULL DEFAULT 1
      );
      CREATE TABLE playlists (id TEXT PRIMARY KEY, name TEXT NOT NULL, cover TEXT NOT NULL, kind TEXT NOT NULL, sort INTEGER NOT NULL);
      CREATE TABLE playlist_songs (
        playlist TEXT NOT NULL REFERENCES playlists (id),
        song TEXT NOT NULL REFERENCES songs (id),
        sort INTEGER NOT NULL,
        PRIMARY KEY (playlist, song)
      );
      CREATE TABLE coin_transactions (
        id TEXT PRIMARY KEY,
        uid TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('recharge', 'spend', 'refund')),
        coins INTEGER NOT NULL,
        price_cents INTEGER,
        currency TEXT,
        state TEXT NOT NULL CHECK (state IN ('pending', 'credited', 'failed')),
        note TEXT,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX coin_transactions_user ON coin_transactions (uid, created_at DESC);
    `,
  },
  {
    version: 3,
    name: 'vip: memberships, orders, auto-renewals, redeem codes',
    sql: `
      CREATE TABLE memberships (
        uid TEXT PRIMARY KEY,
        tier TEXT NOT NULL CHECK (tier IN ('vip', 'svip')),
        expires_at INTEGER NOT NULL
      );
      CREATE TABLE vip_orders (
        order_id TEXT PRIMARY KEY,
        uid TEXT NOT NULL,
        plan_id TEXT NOT NULL REFERENCES plans (id),
        attempt TEXT NOT NULL,
        pay_type TEXT NOT NULL,
        amount INTEGER NOT NULL,
        currency TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('created', 'paid', 'failed', 'cancelled')),
        created_at INTEGER NOT NULL,
        paid_at INTEGER,
        renewed INTEGER NOT NULL DEFAULT 0,
        UNIQUE (uid, attempt)
      );
      CREATE INDEX vip_orders_user ON vip_orders (uid, created_at DESC);
      CREATE TABLE renewals (
        uid TEXT NOT NULL,
        plan_id TEXT NOT NULL REFERENCES plans (id),
        enabled INTEGER NOT NULL,
        next_charge_at INTEGER,
        amount INTEGER NOT NULL,
        currency TEXT NOT NULL,
        PRIMARY KEY (uid, plan_id)
      );
      CREATE TABLE redeem_codes (
        code TEXT PRIMARY KEY,
        tier TEXT NOT NULL CHECK (tier IN ('vip', 'svip')),
        days INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        used_by TEXT,
        used_at INTEGER
      );
    `,
  },
  {
    version: 4,
    name: 'coins: balances, recharge orders, record paging',
    // coin_transactions.created_at is in milliseconds (migration 2, as seeded); coin_orders keeps
    // Unix seconds like vip_orders. The API answers both in seconds.
    sql: `
      CREATE TABLE coin_balances (
        uid TEXT PRIMARY KEY,
        balance INTEGER NOT NULL CHECK (balance >= 0)
      );
      CREATE TABLE coin_orders (
        order_id TEXT PRIMARY KEY,
        uid TEXT NOT NULL,
        attempt TEXT NOT NULL,
        package_id TEXT REFERENCES coin_packages (id),
        coins INTEGER NOT NULL CHECK (coins > 0),
        bonus INTEGER NOT NULL DEFAULT 0 CHECK (bonus >= 0),
        amount INTEGER NOT NULL CHECK (amount >= 0),
        currency TEXT NOT NULL,
        pay_type TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('created', 'paid', 'failed', 'cancelled')),
        created_at INTEGER NOT NULL,
        paid_at INTEGER,
        transaction_id TEXT REFERENCES coin_transactions (id) ON DELETE SET NULL,
        UNIQUE (uid, attempt)
      );
      CREATE INDEX coin_orders_user ON coin_orders (uid, created_at DESC);
      DROP INDEX coin_transactions_user;
      CREATE INDEX coin_transactions_page ON coin_transactions (uid, created_at DESC, id DESC);
    `,
  },
  {
    version: 5,
    name: 'comments, moderation, reports and appeals',
    // Times in Unix seconds, as the API answers them. A subject of an appeal is a removed comment
    // (comments.state = 'removed') or a restriction; `appeals.subject_id` names either, and is unique:
    // one appeal per subject.
    sql: `
      CREATE TABLE comments (
        id TEXT PRIMARY KEY,
        song_id TEXT NOT NULL,
        uid TEXT NOT NULL,
        author TEXT NOT NULL,
        content TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('visible', 'removed')),
        created_at INTEGER NOT NULL,
        removed_at INTEGER
      );
      CREATE INDEX comments_removed ON comments (uid, state, removed_at DESC);
      CREATE TABLE restrictions (
        id TEXT PRIMARY KEY,
        uid TEXT NOT NULL,
        kind TEXT NOT NULL,
        began_at INTEGER NOT NULL,
        until INTEGER
      );
      CREATE INDEX restrictions_user ON restrictions (uid, began_at DESC);
      CREATE TABLE reports (
        id TEXT PRIMARY KEY,
        uid TEXT NOT NULL,
        attempt TEXT NOT NULL,
        target_type TEXT NOT NULL,
        target_id TEXT NOT NULL,
        reason TEXT NOT NULL,
        description TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('received', 'reviewing', 'closed')),
        created_at INTEGER NOT NULL,
        UNIQUE (uid, attempt)
      );
      CREATE INDEX reports_target ON reports (uid, target_type, target_id, state);
      CREATE TABLE appeals (
        id TEXT PRIMARY KEY,
        uid TEXT NOT NULL,
        attempt TEXT NOT NULL,
        subject_id TEXT NOT NULL UNIQUE,
        reason TEXT NOT NULL,
        description TEXT NOT NULL,
        contact TEXT NOT NULL,
        contact_kind TEXT NOT NULL CHECK (contact_kind IN ('phone', 'email')),
        screenshots TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('submitted', 'reviewing', 'upheld', 'rejected')),
        created_at INTEGER NOT NULL,
        decided_at INTEGER,
        UNIQUE (uid, attempt)
      );
    `,
  },
  {
    version: 6,
    name: 'help centre votes, feedback with its thread, verification codes',
    // Times in Unix seconds. A feedback's state follows its thread: `replied` when support wrote
    // last, `inProgress` once the user follows up or support picks it up, `submitted` before.
    sql: `
      CREATE TABLE faq_votes (
        uid TEXT NOT NULL,
        faq TEXT NOT NULL REFERENCES faqs (id),
        helpful INTEGER NOT NULL,
        at INTEGER NOT NULL,
        PRIMARY KEY (uid, faq)
      );
      CREATE TABLE feedback (
        id TEXT PRIMARY KEY,
        uid TEXT NOT NULL,
        attempt TEXT NOT NULL,
        type TEXT NOT NULL REFERENCES feedback_types (id),
        description TEXT NOT NULL,
        contact TEXT NOT NULL,
        important INTEGER NOT NULL DEFAULT 0,
        phone TEXT NOT NULL DEFAULT '',
        attachments TEXT NOT NULL,
        screenshots TEXT NOT NULL,
        log TEXT,
        song TEXT,
        locale TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('submitted', 'inProgress', 'replied')),
        unread INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        UNIQUE (uid, attempt)
      );
      CREATE INDEX feedback_user ON feedback (uid, created_at DESC, id DESC);
      CREATE TABLE feedback_messages (
        id TEXT PRIMARY KEY,
        feedback TEXT NOT NULL REFERENCES feedback (id),
        sender TEXT NOT NULL CHECK (sender IN ('user', 'support')),
        text TEXT NOT NULL,
        at INTEGER NOT NULL,
        attempt TEXT,
        UNIQUE (feedback, attempt)
      );
      CREATE INDEX feedback_thread ON feedback_messages (feedback, at);
      CREATE TABLE feedback_codes (
        uid TEXT PRIMARY KEY,
        contact TEXT NOT NULL,
        code TEXT NOT NULL,
        sent_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL
      );
    `,
  },
  {
    version: 7,
    name: 'downloads',
    // Times in Unix seconds. What counts against the quota is what was downloaded in the cycle.
    sql: `
      CREATE TABLE downloads (
        id TEXT PRIMARY KEY,
        uid TEXT NOT NULL,
        song TEXT NOT NULL REFERENCES songs (id),
        quality TEXT NOT NULL CHECK (quality IN ('standard', 'high', 'lossless')),
        created_at INTEGER NOT NULL
      );
      CREATE INDEX downloads_user ON downloads (uid, created_at DESC, id DESC);
    `,
  },
  {
    version: 8,
    name: 'playlist submissions',
    sql: `
      CREATE TABLE submissions (
        id TEXT PRIMARY KEY,
        uid TEXT NOT NULL,
        attempt TEXT NOT NULL,
        playlist_id TEXT NOT NULL,
        name TEXT NOT NULL,
        songs INTEGER NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('reviewing', 'accepted', 'rejected')),
        created_at INTEGER NOT NULL,
        review_by INTEGER NOT NULL,
        UNIQUE (uid, attempt)
      );
      CREATE INDEX submissions_user ON submissions (uid, created_at DESC);
    `,
  },
  {
    version: 9,
    name: 'accounts and personal-data exports',
    // Times in Unix seconds. `day` is the calendar day of the request in the user's time zone: one
    // export per user per day. The password is kept only as a scrypt hash; the file as the PDF bytes.
    sql: `
      CREATE TABLE accounts (
        uid TEXT PRIMARY KEY,
        nickname TEXT NOT NULL,
        phone TEXT NOT NULL,
        registered_at INTEGER NOT NULL
      );
      CREATE TABLE export_codes (
        uid TEXT PRIMARY KEY,
        email TEXT NOT NULL,
        code TEXT NOT NULL,
        expires_at INTEGER NOT NULL
      );
      CREATE TABLE exports (
        id TEXT PRIMARY KEY,
        uid TEXT NOT NULL,
        attempt TEXT NOT NULL,
        email TEXT NOT NULL,
        password_hash TEXT NOT NULL,
        day TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('requested', 'preparing', 'sent')),
        requested_at INTEGER NOT NULL,
        sent_at INTEGER,
        expires_at INTEGER,
        token TEXT NOT NULL UNIQUE,
        file BLOB,
        UNIQUE (uid, attempt),
        UNIQUE (uid, day)
      );
    `,
  },
  {
    version: 10,
    name: 'sessions issued by the account service: hashed id, one user, an expiry',
    // The old table held whatever pair a request claimed; none of those were ever verified, so none is kept.
    sql: `
      DROP TABLE sessions;
      CREATE TABLE sessions (
        id_hash TEXT PRIMARY KEY,
        uid TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL
      );
      CREATE INDEX sessions_uid ON sessions (uid, created_at);
      CREATE INDEX sessions_expiry ON sessions (expires_at);
    `,
  },
  {
    version: 11,
    name: 'abuse limits: verification codes hashed with a try count, code sends and failed redeems counted',
    // Times in Unix seconds. The two code tables held codes in plain text: they go (a code lives ten
    // minutes, so nothing a user needs is lost) for one table holding only an HMAC of each code
    // (server/api/codes.ts). `target` is the contact as the limits count it (server/api/codes.ts,
    // targetKey). `code_sends` keeps a day of sends, per target and per user; `redeem_failures` an
    // hour of refused redeem codes, per user and per session (its id's HMAC, never the id).
    sql: `
      DROP TABLE feedback_codes;
      DROP TABLE export_codes;
      CREATE TABLE verification_codes (
        purpose TEXT NOT NULL CHECK (purpose IN ('feedback', 'export')),
        uid TEXT NOT NULL,
        target TEXT NOT NULL,
        code_hash BLOB NOT NULL,
        sent_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        wrong INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (purpose, uid)
      );
      CREATE TABLE code_sends (
        purpose TEXT NOT NULL,
        uid TEXT NOT NULL,
        target TEXT NOT NULL,
        sent_at INTEGER NOT NULL
      );
      CREATE INDEX code_sends_target ON code_sends (target, sent_at);
      CREATE INDEX code_sends_uid ON code_sends (uid, sent_at);
      CREATE INDEX code_sends_time ON code_sends (sent_at);
      CREATE TABLE redeem_failures (
        uid TEXT NOT NULL,
        session BLOB NOT NULL,
        at INTEGER NOT NULL
      );
      CREATE INDEX redeem_failures_uid ON redeem_failures (uid, at);
      CREATE INDEX redeem_failures_session ON redeem_failures (session, at);
      CREATE INDEX redeem_failures_time ON redeem_failures (at);
    `,
  },
  {
    version: 12,
    name: 'personal-data file links: short-lived grants for one session of the owner',
    // A grant is a link minted per exportFile call (server/api/export-grants.ts): its id stored only as
    // SHA-256, the session sealed under a key only the link holds. expires_at in Unix seconds like the
    // exports table; created_at in milliseconds, to keep the newest grants of an export in order.
    // exports.token was the old link, a bearer secret that never expired with a session: it is no longer
    // read, and overwritten with the export id (SQLite cannot drop a UNIQUE column without a rebuild).
    sql: `
      CREATE TABLE export_grants (
        id_hash TEXT PRIMARY KEY,
        export_id TEXT NOT NULL REFERENCES exports (id) ON DELETE CASCADE,
        uid TEXT NOT NULL,
        session TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL
      );
      CREATE INDEX export_grants_export ON export_grants (export_id, created_at);
      CREATE INDEX export_grants_expiry ON export_grants (expires_at);
      UPDATE exports SET token = id;
    `,
  },
  {
    version: 13,
    name: "uploads: the per-user quota sums a user's recent uploads",
    sql: `CREATE INDEX uploads_uid ON uploads (uid, created_at);`,
  },
  {
    version: 14,
    name: 'orders the user abandoned: marked, and their coin records kept as cancelled',
    // abandoned_at (Unix seconds): the user, not the provider, cancelled the order; a payment the
    // provider reports after that is honoured (server/api/vip.ts settles).
    // SQLite cannot change a CHECK in place: the table is rebuilt. Dropping the old one sets every
    // coin_orders.transaction_id to NULL (ON DELETE SET NULL fires even inside the migration's
    // transaction), so the links are kept aside first and put back after.
    sql: `
      CREATE TEMP TABLE order_links AS SELECT order_id, transaction_id FROM coin_orders WHERE transaction_id IS NOT NULL;
      CREATE TABLE coin_transactions_next (
        id TEXT PRIMARY KEY,
        uid TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('recharge', 'spend', 'refund')),
        coins INTEGER NOT NULL,
        price_cents INTEGER,
        currency TEXT,
        state TEXT NOT NULL CHECK (state IN ('pending', 'credited', 'failed', 'cancelled')),
        note TEXT,
        created_at INTEGER NOT NULL
      );
      INSERT INTO coin_transactions_next SELECT * FROM coin_transactions;
      DROP TABLE coin_transactions;
      ALTER TABLE coin_transactions_next RENAME TO coin_transactions;
      CREATE INDEX coin_transactions_page ON coin_transactions (uid, created_at DESC, id DESC);
      UPDATE coin_orders SET transaction_id = (SELECT transaction_id FROM order_links WHERE order_links.order_id = coin_orders.order_id)
        WHERE order_id IN (SELECT order_id FROM order_links);
      DROP TABLE order_links;
      ALTER TABLE vip_orders ADD COLUMN abandoned_at INTEGER;
      ALTER TABLE coin_orders ADD COLUMN abandoned_at INTEGER;
    `,
  },
  {
    version: 15,
    name: 'limited-time plan prices: when the offer ends',
    // offer_ends_at (Unix seconds): until then price_cents is a limited-time price (spec §9); after it
    // the plan sells at original_cents. NULL: the price is not an offer (an auto-renewal's own price).
    sql: `ALTER TABLE plans ADD COLUMN offer_ends_at INTEGER;`,
  },
  {
    version: 16,
    name: 'SVIP sold by the day and the quarter too, as VIP is (spec §6: day, month, quarter, year)',
    // Rows only (server/db/seed.ts, seed/svip-plans.json); nothing in the schema changes.
    sql: ``,
  },
  {
    version: 17,
    name: 'refused redeem codes counted per client address too (issue 28 i)',
    // A new account started with fresh tries: the address the tries come from is counted as well
    // (server/client.ts clientKey). Rows from before have none ('') and count for no address.
    sql: `
      ALTER TABLE redeem_failures ADD COLUMN client TEXT NOT NULL DEFAULT '';
      CREATE INDEX redeem_failures_client ON redeem_failures (client, at);
    `,
  },
  {
    version: 18,
    name: 'the membership ledger (issue 38): SVIP then VIP, what each order did, one auto-renewal at a time',
    // memberships: one tier and an expiry become two runs (src/shared/vip/ledger.ts): SVIP until
    // svip_until, VIP from then until expires_at. An SVIP membership of before was SVIP to its end.
    // vip_orders: what a paid order did (effect; when its days run, runs_from and runs_until; the
    // auto-renewal it turned off, replaced), instead of `renewed`. renewals: the next charge is no
    // longer stored but read from the ledger (chargeDate), so no grant can leave it stale; at most one
    // contract is on per user, which the partial unique index holds whatever a handler does (where
    // there were two, the one added last stays on).
    sql: `
      CREATE TABLE memberships_next (
        uid TEXT PRIMARY KEY,
        svip_until INTEGER NOT NULL DEFAULT 0,
        expires_at INTEGER NOT NULL,
        CHECK (svip_until <= expires_at)
      );
      INSERT INTO memberships_next SELECT uid, CASE tier WHEN 'svip' THEN expires_at ELSE 0 END, expires_at FROM memberships;
      DROP TABLE memberships;
      ALTER TABLE memberships_next RENAME TO memberships;
      ALTER TABLE vip_orders ADD COLUMN effect TEXT CHECK (effect IN ('activated', 'extended', 'upgraded', 'queued'));
      ALTER TABLE vip_orders ADD COLUMN runs_from INTEGER;
      ALTER TABLE vip_orders ADD COLUMN runs_until INTEGER;
      ALTER TABLE vip_orders ADD COLUMN replaced TEXT;
      UPDATE vip_orders SET effect = CASE renewed WHEN 1 THEN 'extended' ELSE 'activated' END WHERE state = 'paid';
      ALTER TABLE vip_orders DROP COLUMN renewed;
      UPDATE renewals SET enabled = 0
        WHERE enabled = 1 AND rowid NOT IN (SELECT MAX(rowid) FROM renewals WHERE enabled = 1 GROUP BY uid);
      ALTER TABLE renewals DROP COLUMN next_charge_at;
      CREATE UNIQUE INDEX renewals_one_on ON renewals (uid) WHERE enabled = 1;
    `,
  },
  {
    version: 19,
    name: "prices in the region's currency (issue 41): each plan and coin package in every currency charged",
    // Rows from seed/prices.json; which region pays in which currency is server/api/prices.ts. Amounts
    // are hundredths of the unit, as plans.price_cents (now the CNY price only, kept for the orders and
    // renewals seeded in it). plan_prices.price_cents is the limited-time price while the plan's
    // offer runs (plans.offer_ends_at), original_cents after, as in migration 15.
    sql: `
      CREATE TABLE plan_prices (
        plan_id TEXT NOT NULL REFERENCES plans (id),
        currency TEXT NOT NULL,
        price_cents INTEGER NOT NULL CHECK (price_cents >= 0),
        original_cents INTEGER NOT NULL CHECK (original_cents >= price_cents),
        PRIMARY KEY (plan_id, currency)
      );
      CREATE TABLE package_prices (
        package_id TEXT NOT NULL REFERENCES coin_packages (id),
        currency TEXT NOT NULL,
        price_cents INTEGER NOT NULL CHECK (price_cents >= 0),
        PRIMARY KEY (package_id, currency)
      );
      CREATE TABLE coin_rates (currency TEXT PRIMARY KEY, cents_per_coin INTEGER NOT NULL CHECK (cents_per_coin > 0));
    `,
  },
  {
    version: 20,
    name: "the catalogue and the demo threads in the user's language (issue 41): playlist names, search keywords and refund questions per locale",
    // playlist_names: a playlist's name in each locale; playlists.name stays the name where a locale
    // has none. faq_texts.keywords: what a user of that locale types for the question, searched with
    // faqs.keywords (English, shared). feedback_texts: a feedback's description or a message (`ref`,
    // either id) in another locale than it was written in; the demo threads (seed/feedback-demo.json)
    // have one per locale, read in the page's locale. Rows: server/db/seed.ts.
    sql: `
      CREATE TABLE playlist_names (
        playlist TEXT NOT NULL REFERENCES playlists (id),
        locale TEXT NOT NULL,
        name TEXT NOT NULL,
        PRIMARY KEY (playlist, locale)
      );
      ALTER TABLE faq_texts ADD COLUMN keywords TEXT NOT NULL DEFAULT '';
      CREATE TABLE feedback_texts (
        ref TEXT NOT NULL,
        locale TEXT NOT NULL,
        text TEXT NOT NULL,
        PRIMARY KEY (ref, locale)
      );
    `,
  },
  {
    version: 21,
    name: "field reports (issue 42): one row per event a page reported, with its page view's context",
    // Anonymous: no uid, no session, no address (server/api/field.ts). `data` is the event's own
    // fields but `kind`, as JSON (src/shared/field/contract.ts). `id` orders rows by arrival: the
    // oldest go first past the row bound; `received_at` is what the 30-day sweep reads.
    sql: `
      CREATE TABLE field_events (
        id INTEGER PRIMARY KEY,
        received_at INTEGER NOT NULL,
        view TEXT NOT NULL,
        route TEXT NOT NULL,
        locale TEXT NOT NULL,
        engine TEXT NOT NULL,
        major INTEGER NOT NULL,
        app TEXT,
        in_app INTEGER NOT NULL CHECK (in_app IN (0, 1)),
        kind TEXT NOT NULL CHECK (kind IN ('error', 'chunk', 'bridge', 'api', 'timing')),
        data TEXT NOT NULL
      );
      CREATE INDEX field_events_view ON field_events (view);
      CREATE INDEX field_events_received ON field_events (received_at);
    `,
  },
];
