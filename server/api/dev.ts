/**
 * Development-only routes of every area, plain JSON (not encrypted), trusting any program on this
 * machine, but no web page of another site; docs/api.md describes each under its area. Mounted before
 * the API, whose catch-all answers any other /api/* path with notFound.
 */
import { randomBytes } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono, type Context, type Next } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as v from 'valibot';
import { BODY_MAX_BYTES } from '../../src/shared/limits';
import { KIT_REPORT } from '../../src/shared/kit/report-schema';
import type { Db } from '../db';
import { clientKey } from '../client';
import { COIN_ORDER_PREFIX, balanceOf, setBalance, settleCoinOrder } from './coins';
import { ApiFailure, WIRE_MESSAGES, failureBody } from './failure';
import { tooLarge } from './pipeline';
import { currentCode, replyToFeedback } from './help';
import { decideSubmission, recordDownload } from './music';
import { exportCodeOf, sendExportCode, setExportState } from './personal';
import { decideAppeal, moderate, removeComment } from './report';
import { UID_PATTERN, expireSession, issueSession } from './sessions';
import { trackEventsOf } from './track';
import { chargeRenewal, settleOrder } from './vip';
import { DAY, seconds } from '../time';

/** The tables a user's submissions land in, each with a `uid` column. */
export const SUBMISSION_TABLES = ['vip_orders', 'coin_orders', 'reports', 'appeals', 'feedback', 'exports', 'submissions'] as const;

const PROVIDER_NOTICE = v.object({
  orderId: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  outcome: v.picklist(['paid', 'failed', 'cancelled']),
});

const NEW_CODE = v.object({ tier: v.picklist(['vip', 'svip']), days: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(366)) });

/** The highest balance the development route sets: far above any real one, well inside safe integers. */
export const DEV_BALANCE_MAX = 1_000_000_000;

const SET_BALANCE = v.object({
  uid: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  balance: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(DEV_BALANCE_MAX)),
});

const id = v.pipe(v.string(), v.minLength(1), v.maxLength(64));
const MODERATE = v.object({ uid: id, kind: v.picklist(['comment', 'restriction']), content: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(400))) });
const REMOVE_COMMENT = v.object({ id });
const RENEWAL_CHARGE = v.object({ uid: id, outcome: v.picklist(['paid', 'failed']) });
const REPLY = v.object({ feedbackId: id, text: v.pipe(v.string(), v.minLength(1), v.maxLength(2000)) });
const CODE_OF = v.object({ uid: id });
const EXPORT_CAPTCHA = v.object({ uid: id, email: v.pipe(v.string(), v.minLength(3), v.maxLength(320)) });
const EXPORT_STATE = v.object({ exportId: id, state: v.picklist(['requested', 'preparing', 'sent', 'expired']) });
/** Reports of the bridge check kept for the simulator: a tester's session, not an archive. */
const BRIDGE_REPORTS = 20;
const SUBMISSION = v.object({ uid: id, state: v.picklist(['accepted', 'rejected']) });
const DOWNLOAD = v.object({ uid: id, songId: id, quality: v.picklist(['standard', 'high', 'lossless']) });
const DECIDE = v.object({ subjectId: id, state: v.picklist(['reviewing', 'upheld', 'rejected']) });
const NEW_SESSION = v.object({ uid: v.pipe(v.string(), v.regex(UID_PATTERN)) });
const END_SESSION = v.object({ app_sessionid: v.pipe(v.string(), v.maxLength(128)) });

/**
 * Development routes stand for other services (the account service, the payment provider, the
 * mailbox) and trust their caller, so only this machine may call them, whatever HOST the server
 * listens on, and never through a proxy: a request that a proxy forwarded (it names a client or a
 * hop) is someone else's, even though it arrives from loopback. A release server does not mount them
 * at all (server/app.ts). A request without a socket (none in production use) is refused too.
 */
async function loopbackOnly(c: Context, next: Next) {
  let address: string | undefined;
  try {
    address = getConnInfo(c).remote.address;
  } catch {
    // No Node socket behind the request: not a caller we can place, so not a local one.
  }
  const forwarded = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'via'].some((name) => c.req.header(name) !== undefined);
  if (!/^127\./.test(clientKey(address)) || forwarded) {
    return c.json(failureBody(new ApiFailure('notFound', 404, 'No such endpoint.')), 404);
  }
  return next();
}

/** `localhost`, `127.x.x.x` or `[::1]`, with any port: names only this machine answers to. */
const LOOPBACK_HOST = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d{1,5})?$/i;

const NOT_LOOPBACK_HOST = new ApiFailure('notLoopbackHost', 403, 'Development routes answer only at localhost, 127.0.0.1 or [::1].');
const OTHER_ORIGIN = new ApiFailure('otherOrigin', 403, 'Development routes answer only pages of this server.');
const NOT_JSON = new ApiFailure('notJson', 415, 'Development routes take a JSON body (Content-Type: application/json) only.');

/**
 * Refuses what a web page of another site can make the developer's browser send. Without
 * asking first (a CORS preflight), a page may post only a text/plain, form or multipart body: the
 * routes take JSON only. A browser sends Origin with every post, and with every read a page's script
 * makes of another origin: it must be this server's own. A DNS-rebinding name (one that resolves to
 * 127.0.0.1 once its page has loaded, making that page same-origin with this server, answers
 * included) arrives in Host: it must be a loopback name. The two GET routes have no body and change
 * nothing, so the type is not asked of them; Host and Origin are, since what they read (tracking
 * events, bridge reports) is the developer's.
 */
async function thisMachinesPagesOnly(c: Context, next: Next) {
  const refusal = (failure: ApiFailure) => c.json(failureBody(failure), failure.status as 403 | 415);
  if (!LOOPBACK_HOST.test(c.req.header('host') ?? '')) return refusal(NOT_LOOPBACK_HOST);
  // The request's URL is built from its Host: scheme, name and port as a page of this server has them.
  const origin = c.req.header('origin');
  if (origin !== undefined && origin !== new URL(c.req.url).origin) return refusal(OTHER_ORIGIN);
  const type = c.req.header('content-type')?.split(';')[0]!.trim().toLowerCase();
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && type !== 'application/json') return refusal(NOT_JSON);
  return next();
}

/** The JSON body read against `schema`, or undefined when it is not JSON or does not match. */
async function read<S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S> | undefined> {
  try {
    return v.parse(schema, JSON.parse(await c.req.text()));
  } catch {
    return undefined;
  }
}

const refuse = (c: Context, message: string) => c.json(failureBody(new ApiFailure('badRequest', 422, message)), 422);

/**
 * Every route answers only a caller on this machine, at a loopback name (localhost, 127.0.0.1,
 * [::1]), with no Origin or this server's own, and every POST takes `Content-Type: application/json`
 * only: 404 when a proxy forwarded the request, 403 `notLoopbackHost` or `otherOrigin`, 415 `notJson`.
 * - `POST /api/dev/session` `{ uid }`: the account service signs the user in: a new `app_sessionid`
 *   (30 days); `POST /api/dev/session/expire` `{ app_sessionid }` ends one now.
 * - `POST /api/dev/provider` `{ orderId, outcome }`: the payment provider's notification, for VIP
 *   orders (`o-…`) and coin orders (`c-…`). It stands for the provider's signed server-to-server
 *   webhook, which a production backend verifies.
 * - `POST /api/dev/renewals` `{ uid, outcome }`: the provider's billing run for one user: charges the
 *   auto-renewal that is on when its tier's time has run out (`paid` or `failed`), else nothing.
 * - `POST /api/dev/redeem-code` `{ tier, days }`: issues a fresh code valid for 30 days, as the
 *   operations team would; tests and demos redeem it (a code works once).
 * - `POST /api/dev/coins` `{ uid, balance }`: sets a user's coin balance outright (the simulator's
 *   coin-balance control, tests), without a record.
 * - `POST /api/dev/moderation` `{ uid, kind, content? }`: removes a new comment of the user's
 *   (`comment`) or restricts the account for 7 days (`restriction`): something to appeal.
 * - `POST /api/dev/comments/remove` `{ id }`: removes a visible comment, as a moderator would.
 * - `POST /api/dev/appeal` `{ subjectId, state }`: the moderators' decision on the subject's appeal.
 * - `POST /api/dev/feedback-reply` `{ feedbackId, text }`: support answers a feedback.
 * - `POST /api/dev/download` `{ uid, songId, quality }`: the app reports a download.
 * - `POST /api/dev/export-captcha` `{ uid, email }`: the app's server sends the export code (what
 *   sendPersonalInfoDownloadEmailCaptcha asks of it), within the send limits (429 `codeTooSoon`,
 *   `codeLimit`); `POST /api/dev/export-code` `{ uid }` reads it back (the mailbox: codes are kept in
 *   this process's memory only, server/api/dev-mailbox.ts, as the database holds only their HMAC);
 *   `POST /api/dev/export-state` `{ exportId, state }` moves an export along.
 * - `POST /api/dev/submission` `{ uid, state }`: the editors decide the user's submission under review.
 * - `POST /api/dev/feedback-code` `{ uid }`: the verification code last sent to the user while it
 *   still works (what the e-mail or SMS would carry), from the same in-memory mailbox.
 * - `POST /api/dev/rows` `{ uid }`: how many orders, coin orders, reports, appeals, feedback,
 *   exports and submissions the user has: what the fault tests count to prove nothing was sent twice.
 * - `GET /api/dev/track-events?uid=…`: every tracking event stored for the user, in the order they
 *   arrived (tests count what arrived: nothing lost, nothing twice).
 * - `POST /api/dev/bridge-report` (a report of /bridge-check), `GET /api/dev/bridge-reports`: what
 *   the host team's bridge check sent, newest first (the simulator lists them).
 * @example app.route('/', devRoutes(db))
 */
export function devRoutes(db: Db, now: () => number = Date.now): Hono {
  const api = new Hono();
  api.use('/api/dev/*', loopbackOnly, thisMachinesPagesOnly);
  const limit = bodyLimit({ maxSize: BODY_MAX_BYTES, onError: (c) => tooLarge(c, new ApiFailure('tooLarge', 413, WIRE_MESSAGES.tooLarge)) });
  api.post('/api/dev/session', limit, async (c) => {
    const body = await read(c, NEW_SESSION);
    if (!body) return refuse(c, 'The body is not { uid } (1–64 of A–Z a–z 0–9 _ . : -).');
    return c.json({ code: 0, data: issueSession(db, body.uid, now()) });
  });
  api.post('/api/dev/session/expire', limit, async (c) => {
    const body = await read(c, END_SESSION);
    if (!body) return refuse(c, 'The body is not { app_sessionid }.');
    if (!expireSession(db, body.app_sessionid, now())) return c.json(failureBody(new ApiFailure('notFound', 404, 'No such live session.')), 404);
    return c.json({ code: 0, data: { app_sessionid: body.app_sessionid } });
  });
  api.post('/api/dev/redeem-code', limit, async (c) => {
    const body = await read(c, NEW_CODE);
    if (!body) return refuse(c, 'The body is not { tier, days }.');
    const code = `DEV-${randomBytes(6).toString('hex').toUpperCase()}`;
    db.prepare('INSERT INTO redeem_codes (code, tier, days, expires_at) VALUES (?, ?, ?, ?)').run(code, body.tier, body.days, seconds(now()) + 30 * DAY);
    return c.json({ code: 0, data: { code } });
  });
  api.post('/api/dev/provider', limit, async (c) => {
    const notice = await read(c, PROVIDER_NOTICE);
    if (!notice) return refuse(c, 'The body is not { orderId, outcome }.');
    const settle = notice.orderId.startsWith(COIN_ORDER_PREFIX) ? settleCoinOrder : settleOrder;
    const order = settle(db, notice.orderId, notice.outcome, now());
    if (!order) return c.json(failureBody(new ApiFailure('notFound', 404, 'No such order.')), 404);
    return c.json({ code: 0, data: { orderId: order.orderId, state: order.state } });
  });
  api.post('/api/dev/renewals', limit, async (c) => {
    const body = await read(c, RENEWAL_CHARGE);
    if (!body) return refuse(c, 'The body is not { uid, outcome }.');
    const order = chargeRenewal(db, body.uid, body.outcome, now());
    return c.json({ code: 0, data: { order: order ? { orderId: order.orderId, state: order.state, amount: order.amount, currency: order.currency } : null } });
  });
  api.post('/api/dev/coins', limit, async (c) => {
    const body = await read(c, SET_BALANCE);
    if (!body) return refuse(c, `The body is not { uid, balance } with a balance from 0 to ${DEV_BALANCE_MAX}.`);
    setBalance(db, body.uid, body.balance);
    return c.json({ code: 0, data: { uid: body.uid, balance: balanceOf(db, body.uid) } });
  });
  api.post('/api/dev/moderation', limit, async (c) => {
    const body = await read(c, MODERATE);
    if (!body) return refuse(c, "The body is not { uid, kind: 'comment' | 'restriction', content? }.");
    return c.json({ code: 0, data: { subjectId: moderate(db, body.uid, body.kind, now(), body.content) } });
  });
  api.post('/api/dev/comments/remove', limit, async (c) => {
    const body = await read(c, REMOVE_COMMENT);
    if (!body) return refuse(c, 'The body is not { id }.');
    if (!removeComment(db, body.id, now())) return c.json(failureBody(new ApiFailure('notFound', 404, 'No such visible comment.')), 404);
    return c.json({ code: 0, data: { id: body.id } });
  });
  api.post('/api/dev/appeal', limit, async (c) => {
    const body = await read(c, DECIDE);
    if (!body) return refuse(c, "The body is not { subjectId, state: 'reviewing' | 'upheld' | 'rejected' }.");
    const appeal = decideAppeal(db, body.subjectId, body.state, now());
    if (!appeal) return c.json(failureBody(new ApiFailure('notFound', 404, 'No such appeal.')), 404);
    return c.json({ code: 0, data: appeal });
  });
  api.post('/api/dev/feedback-reply', limit, async (c) => {
    const body = await read(c, REPLY);
    if (!body) return refuse(c, 'The body is not { feedbackId, text }.');
    const reply = replyToFeedback(db, body.feedbackId, body.text, now());
    if (!reply) return c.json(failureBody(new ApiFailure('notFound', 404, 'No such feedback.')), 404);
    return c.json({ code: 0, data: reply });
  });
  api.post('/api/dev/feedback-code', limit, async (c) => {
    const body = await read(c, CODE_OF);
    if (!body) return refuse(c, 'The body is not { uid }.');
    const code = currentCode(db, body.uid, now());
    if (!code) return c.json(failureBody(new ApiFailure('notFound', 404, 'No code sent, or it expired, was used or is void.')), 404);
    return c.json({ code: 0, data: { code } });
  });
  api.post('/api/dev/rows', limit, async (c) => {
    const body = await read(c, CODE_OF);
    if (!body) return refuse(c, 'The body is not { uid }.');
    const rows = Object.fromEntries(
      SUBMISSION_TABLES.map((table) => [table, (db.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE uid = ?`).get(body.uid) as { n: number }).n]),
    );
    return c.json({ code: 0, data: rows });
  });
  api.post('/api/dev/download', limit, async (c) => {
    const body = await read(c, DOWNLOAD);
    if (!body) return refuse(c, "The body is not { uid, songId, quality: 'standard' | 'high' | 'lossless' }.");
    const downloadId = recordDownload(db, body.uid, body.songId, body.quality, now());
    if (!downloadId) return c.json(failureBody(new ApiFailure('notFound', 404, 'No such song.')), 404);
    return c.json({ code: 0, data: { id: downloadId } });
  });
  api.post('/api/dev/submission', limit, async (c) => {
    const body = await read(c, SUBMISSION);
    if (!body) return refuse(c, "The body is not { uid, state: 'accepted' | 'rejected' }.");
    const decided = decideSubmission(db, body.uid, body.state);
    if (!decided) return c.json(failureBody(new ApiFailure('notFound', 404, 'No submission under review.')), 404);
    return c.json({ code: 0, data: decided });
  });
  api.post('/api/dev/export-captcha', limit, async (c) => {
    const body = await read(c, EXPORT_CAPTCHA);
    if (!body) return refuse(c, 'The body is not { uid, email }.');
    try {
      return c.json({ code: 0, data: { code: sendExportCode(db, body.uid, body.email, now()) } });
    } catch (error) {
      // The send limits (codeTooSoon, codeLimit): the app's server would refuse the send the same way.
      if (error instanceof ApiFailure) return c.json(failureBody(error), error.status as 429);
      throw error;
    }
  });
  api.post('/api/dev/export-code', limit, async (c) => {
    const body = await read(c, CODE_OF);
    if (!body) return refuse(c, 'The body is not { uid }.');
    const code = exportCodeOf(db, body.uid, now());
    if (!code) return c.json(failureBody(new ApiFailure('notFound', 404, 'No code sent, or it expired, was used or is void.')), 404);
    return c.json({ code: 0, data: { code } });
  });
  api.post('/api/dev/export-state', limit, async (c) => {
    const body = await read(c, EXPORT_STATE);
    if (!body) return refuse(c, "The body is not { exportId, state: 'requested' | 'preparing' | 'sent' | 'expired' }.");
    if (!setExportState(db, body.exportId, body.state, now())) return c.json(failureBody(new ApiFailure('notFound', 404, 'No such export.')), 404);
    return c.json({ code: 0, data: { exportId: body.exportId, state: body.state } });
  });
  // The bridge check's reports (/bridge-check, docs/bridge.md), newest first, for the simulator to
  // list: in this process's memory only, at most BRIDGE_REPORTS of them, each of the kit's bounded shape.
  const bridgeReports: v.InferOutput<typeof KIT_REPORT>[] = [];
  api.post('/api/dev/bridge-report', limit, async (c) => {
    const report = await read(c, KIT_REPORT);
    if (!report) return refuse(c, 'The body is not a report of /bridge-check.');
    bridgeReports.unshift(report);
    bridgeReports.length = Math.min(bridgeReports.length, BRIDGE_REPORTS);
    return c.json({ code: 0, data: { kept: bridgeReports.length } });
  });
  api.get('/api/dev/bridge-reports', (c) => c.json({ code: 0, data: { reports: bridgeReports } }));
  api.get('/api/dev/track-events', (c) => {
    const uid = v.safeParse(id, c.req.query('uid'));
    if (!uid.success) return refuse(c, 'The query is not ?uid=… (1–64 characters).');
    return c.json({ code: 0, data: { events: trackEventsOf(db, uid.output) } });
  });
  return api;
}
