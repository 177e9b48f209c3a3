/**
 * The user's requests for a copy of their personal data (/personalDataDownload.html and its overseas
 * twin), newest first with their states, and when the next request is allowed (/private.html says so
 * before the form).
 */
import { atom } from 'nanostores';
import { type DataOf } from '../api';
import { request } from '../request';
import { exportStatus } from '../../shared/api/endpoints/personal';
import { fill, loading, type Loadable } from '../model/loadable';
import { currentTimeZone } from './time-zone';

export type ExportStatus = DataOf<typeof exportStatus>;

/** The requests, and `nextAllowedAt` (null: a request is allowed now). */
export const $exports = atom<Loadable<ExportStatus>>(loading());

/**
 * Asks the server, counting days in the user's time zone; what was shown stays while it reloads.
 * @example <RequestForm onLimit={loadExports} />
 */
export const loadExports = (): Promise<void> => fill($exports, () => request(exportStatus, { timeZone: currentTimeZone() }), { keep: true });

/** The request just went: the page says the file will be sent to this address. */
export const $sentTo = atom<string | null>(null);

/**
 * The form (its own model, loaded later) says the request went.
 * @example <RequestForm onSent={markRequested} … />
 */
export const markRequested = (email: string): void => $sentTo.set(email);
