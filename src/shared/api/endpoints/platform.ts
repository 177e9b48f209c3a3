/** Platform endpoints: is the API up, and who the server thinks is signed in. */
import * as v from 'valibot';
import { endpoint } from '../endpoint';

/** Is the API up; answered without a user. @example await request(health, {}) */
export const health = endpoint('/api/health', v.object({}), v.object({ ok: v.literal(true) }), { public: true });

/** Who the server thinks is signed in, from the uid/app_sessionid of the body. @example await request(session, {}) */
export const session = endpoint('/api/session', v.object({}), v.object({ uid: v.string(), loginAt: v.number() }));
