/** Call ids for the host: upload ids, dialog ids, log file names. */

// Random per page load so ids from two pages (or two bundles of this module) never collide in the
// host, which outlives any one page; the counter keeps them unique within the page.
const prefix = Math.floor(Math.random() * 36 ** 5)
  .toString(36)
  .padStart(5, '0');
let count = 0;

/**
 * A new id, unique within the page and very unlikely to repeat across pages.
 * @example callId() // 'k3f9q-1'
 */
export function callId(): string {
  return `${prefix}-${++count}`;
}
