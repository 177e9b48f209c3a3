/** Business constants and limits of spec §9, shared by the pages and the reference server. */

/** "200M": read as 200 MiB, the larger of the two readings, so no file the spec allows is refused. */
export const UPLOAD_MAX_BYTES = 200 * 1024 * 1024;
/** Files (image, audio, video) per feedback: the spec gives none; three keeps the form on one screen. */
export const ATTACHMENT_MAX = 3;
/** Screenshots per feedback or appeal (jpg, png or bmp). */
export const SCREENSHOT_MAX = 5;
/** Feedback and report text must stay under this many characters. */
export const TEXT_MAX = 400;
/** spec §9: HTTP timeout 600000 ms. */
export const HTTP_TIMEOUT_MS = 600_000;
/** spec §9: a toast shows for 1.5 s. */
export const TOAST_MS = 1_500;
/** spec §9: a page chunk that never loads shows an error after 120 s. */
export const CHUNK_ERROR_MS = 120_000;
/** The oldest app that plays songs launched from these pages (`launchPlay` with its types). */
export const MIN_PLAY_APP_VERSION = '10.0.0';
/** spec §9: non-members hear 60 s of a VIP song. */
export const TRIAL_SECONDS = 60;
/** spec §9: download quota per cycle, the cycle length, and songs per day for shorter packages. */
export const QUOTA_PER_CYCLE = 300;
export const QUOTA_CYCLE_DAYS = 31;
export const QUOTA_PER_DAY = 10;
/** spec §9: tracking batches. */
export const TRACK_BATCH_SIZE = 20;
export const TRACK_DELAY_MS = 2_000;
/** Requests more than this far from the server's clock are refused as replays (docs/api.md). */
export const REQUEST_SKEW_MS = 5 * 60_000;
/** Encrypted API bodies larger than this are refused (uploads have their own limit). */
export const BODY_MAX_BYTES = 1024 * 1024;
/** spec §8 funds notice: a recharge not credited within 30 minutes is one for support. */
export const FUNDS_SUPPORT_AFTER_SECONDS = 30 * 60;
/** spec §9: song lists show 10 songs at a time (the player's index/total). */
export const SONGS_PAGE_SIZE = 10;
/** Records loaded per page on /k-transactions. */
export const RECORDS_PAGE_SIZE = 20;
