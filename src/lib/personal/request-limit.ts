/**
 * The once-a-day limit of personal-data requests (/private.html), and the address a request was
 * just sent for. Light on purpose: the form's model (./request) loads with the form.
 */
import '../api-identity';
import { atom } from 'nanostores';
import { request } from '../api';
import { exportStatus } from '../api/endpoints/personal';

/** When today's request is used: the moment the next is allowed (ms), else null. */
export const $nextAllowedAt = atom<number | null>(null);

/** The request went: the page says the file will be sent to this address. */
export const $sentTo = atom<string | null>(null);

/**
 * The form (its own model, loaded later) says the request went.
 * @example <RequestForm onSent={markRequested} … />
 */
export const markRequested = (email: string): void => $sentTo.set(email);

/**
 * Asks whether today's request is still free, counted in the user's time zone. A failure leaves the
 * page as it is: the server refuses a second request anyway.
 * @example await checkLimit('Asia/Singapore')
 */
export async function checkLimit(timeZone: string): Promise<void> {
  try {
    $nextAllowedAt.set((await request(exportStatus, { timeZone })).nextAllowedAt);
  } catch {
    // The form still works; the limit shows when the server refuses.
  }
}
