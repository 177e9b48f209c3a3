/**
 * The simulator's controls as one flat settings object, and the two things derived from it: the URL
 * the app would open (route, locale, theme, status bar) and the fake host's state (account, device,
 * outcomes). Pure, so it is unit-tested (model.test.ts) and shared by the panel.
 */
import { DAY_MS } from '../time';
import type { FakeHostState } from '../fake-host';
import { LOCALES, type Locale } from '../../src/shared/locale';
import type { Theme } from '../../src/shared/shell-rules';

// The app's four themes, and a bgColor of the host's choosing on which the light palette's links would not read (light-ink).
export const THEMES: Record<Theme, { dark: 0 | 1; bgColor: string }> = {
  light: { dark: 0, bgColor: 'ffffff' },
  dark: { dark: 1, bgColor: '000000' },
  dark1: { dark: 1, bgColor: '171717' },
  dark2: { dark: 1, bgColor: '262626' },
  'light-ink': { dark: 0, bgColor: 'ffb300' },
};

/**
 * `dev_region` for "payment unavailable here". No real country uses XX (ISO 3166 user-assigned), so
 * the reference API can treat it as the one blocked region without touching a real market.
 */
export const BLOCKED_REGION = 'XX';

/** What the phone reports per brand (models are real ones; OnePlus's CPH25xx matches src/lib/platform). */
export const BRANDS = {
  OPPO: { manufacturer: 'OPPO', model: 'CPH2451', os: 'ColorOS' },
  Realme: { manufacturer: 'realme', model: 'RMX3363', os: 'realme UI' },
  OnePlus: { manufacturer: 'OnePlus', model: 'CPH2581', os: 'OxygenOS' },
  other: { manufacturer: 'samsung', model: 'SM-S918B', os: 'One UI' },
} as const;
export type BrandName = keyof typeof BRANDS;

// The region each locale's users are in, so getAppBaseInfo agrees with the page's language.
const REGION: Record<Locale, string> = {
  'zh-CN': 'CN',
  'en-US': 'SG',
  'zh-TW': 'TW',
  'zh-HK': 'HK',
  'id-ID': 'ID',
  'ms-MY': 'MY',
  'fil-PH': 'PH',
  'vi-VN': 'VN',
  'th-TH': 'TH',
};

export interface Settings {
  /** A path of src/shared/routes.ts ('' is the home page). */
  route: string;
  locale: Locale;
  /** How the app tells the page its locale: a path prefix, the `language` query, or only getAppBaseInfo. */
  localeVia: 'path' | 'query' | 'host';
  theme: Theme;
  /** `url`: `dark`/`bgColor` in the query (what the app sends); `host`: only the `dark()` query answers. */
  themeVia: 'url' | 'host';
  /** `status_height` in CSS px; null leaves it out of the URL (no back bar, default 32). */
  statusHeight: number | null;
  /** More query, as typed (`title=Hi&data1=1`). */
  extraQuery: string;
  signedIn: boolean;
  providerAccount: boolean;
  authorized: boolean;
  membership: 'none' | 'vip' | 'svip';
  /** Membership expiry, `YYYY-MM-DD` (local end of day); a past date reads as a lapsed member. */
  expiry: string;
  brand: BrandName;
  appVersion: string;
  spatialAudio: boolean;
  paymentBlocked: boolean;
  wxInstalled: boolean;
  coins: number;
  payOutcome: FakeHostState['payOutcome'];
  /**
   * "Abandon this purchase?" after a cancelled payment: the app's own dialog (launchHTDialog2) answered
   * with continue or abandon, or `page`: an app without that method, so the page's own dialog asks.
   */
  appDialog: 'page' | 'continue' | 'abandon';
  uploadOutcome: FakeHostState['uploadOutcome'];
  /** What the user picks when a page asks the app for a file (`uploadFile`). */
  uploadFile: keyof typeof FILES;
  loginOutcome: FakeHostState['loginOutcome'];
  replyDelayMs: number;
  /** Reload the frame after a host setting changes; off: apply it live with setState. */
  reloadOnChange: boolean;
  /** The theme the "Send h5Dark" button sends. */
  h5DarkTheme: Theme;
}

/** Files the simulated picker can hand over: one of each kind the spec allows, one over 200M, one it refuses. */
export const FILES = {
  video: { name: 'screen-recording.mp4', size: 18 * 1024 * 1024, mime: 'video/mp4' },
  image: { name: 'photo.jpg', size: 2 * 1024 * 1024, mime: 'image/jpeg' },
  audio: { name: 'voice-note.m4a', size: 600 * 1024, mime: 'audio/mp4' },
  huge: { name: 'concert.mp4', size: 201 * 1024 * 1024, mime: 'video/mp4' },
  document: { name: 'notes.pdf', size: 300 * 1024, mime: 'application/pdf' },
} as const;

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** @example defaultSettings(Date.now()).route // 'feedback' */
export function defaultSettings(now: number): Settings {
  return {
    // A page with the back bar and a form: shows the shell rules at a glance.
    route: 'feedback',
    locale: 'en-US',
    localeVia: 'path',
    theme: 'light',
    themeVia: 'url',
    statusHeight: 24,
    extraQuery: '',
    signedIn: true,
    providerAccount: true,
    authorized: true,
    membership: 'none',
    expiry: isoDate(now + 31 * DAY_MS),
    brand: 'OPPO',
    appVersion: '12.3.0',
    spatialAudio: true,
    paymentBlocked: false,
    wxInstalled: false,
    coins: 120,
    payOutcome: 'success',
    // The page's dialog: the panel's user answers it (the app's would answer at once, the same each time).
    appDialog: 'page',
    uploadOutcome: 'done',
    uploadFile: 'video',
    loginOutcome: 'success',
    replyDelayMs: 300,
    reloadOnChange: true,
    h5DarkTheme: 'dark1',
  };
}

/**
 * Saved settings over the defaults, keeping only fields of the right type (an older or hand-edited
 * save must not break the panel).
 * @example readSettings({ theme: 'dark2', coins: 'x' }, Date.now()).coins // 120
 */
export function readSettings(saved: unknown, now: number): Settings {
  const settings = defaultSettings(now);
  if (typeof saved !== 'object' || saved === null) return settings;
  const target = settings as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(saved)) {
    const current = target[key];
    if (!(key in target) || value === undefined || (typeof value === 'number' && !Number.isFinite(value))) continue;
    if (typeof value === typeof current || (key === 'statusHeight' && (value === null || typeof value === 'number'))) target[key] = value;
  }
  if (!LOCALES.includes(settings.locale)) settings.locale = 'en-US';
  if (!(settings.theme in THEMES)) settings.theme = 'light';
  if (!(settings.brand in BRANDS)) settings.brand = 'OPPO';
  if (!Object.hasOwn(FILES, settings.uploadFile)) settings.uploadFile = 'video';
  if (!['page', 'continue', 'abandon'].includes(settings.appDialog)) settings.appDialog = 'page';
  return settings;
}

/**
 * The URL the app would open, as the app writes it, with the session the account service issued for
 * its user ('' when signed out: no session in the URL).
 * @example frameUrl({ ...defaults, route: 'feedback', locale: 'zh-CN', theme: 'dark1' }, 'q3Zp…') // '/zh-CN/feedback?status_height=24&dark=1&bgColor=171717&app_sessionid=q3Zp…'
 */
export function frameUrl(s: Settings, sessionId = ''): string {
  const prefixed = s.localeVia === 'path' && s.locale !== 'en-US';
  const path = prefixed ? `/${s.locale}${s.route ? `/${s.route}` : ''}` : `/${s.route}`;
  const query = new URLSearchParams();
  // Android spells locales with an underscore (zh_CN); the page accepts either.
  if (s.localeVia === 'query') query.set('language', s.locale.replace('-', '_'));
  if (s.statusHeight !== null) query.set('status_height', String(s.statusHeight));
  if (s.themeVia === 'url') {
    query.set('dark', String(THEMES[s.theme].dark));
    query.set('bgColor', THEMES[s.theme].bgColor);
  }
  for (const [name, value] of new URLSearchParams(s.extraQuery.trim().replace(/^\?/, ''))) query.append(name, value);
  // The app passes its user's session; the pages send it with every API request (spec §2).
  if (!query.has('app_sessionid') && sessionId) query.set('app_sessionid', sessionId);
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** Unix seconds at the local end of a `YYYY-MM-DD` day; 0 when the date is not one. */
export function endOfDay(date: string): number {
  const ms = new Date(`${date}T23:59:59`).getTime();
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : 0;
}

/**
 * The fake host's state for these settings (only the fields the panel controls; the fake host's
 * defaults fill the rest).
 * @example hostState({ ...defaults, membership: 'svip' }, Date.now()).account.svipType // 1
 */
export function hostState(s: Settings, now: number): Partial<FakeHostState> & Pick<FakeHostState, 'account' | 'baseInfo'> {
  const brand = BRANDS[s.brand];
  const validTime = s.membership === 'none' ? 0 : endOfDay(s.expiry);
  const active = s.membership !== 'none' && validTime * 1000 > now;
  const language = s.locale.replace('-', '_');
  return {
    account: s.signedIn
      ? {
          isLogin: true,
          nickname: 'Sim User',
          vip: { is_vip: active ? 1 : 0, valid_time: validTime },
          // A lapsed member keeps their plan type; is_vip/is_member say it is not active.
          vipType: s.membership === 'none' ? 0 : 1,
          svipType: s.membership === 'svip' ? 1 : 0,
          is_member: active ? 1 : 0,
        }
      : { isLogin: false },
    baseInfo: {
      language,
      uid: s.signedIn ? '10001' : '',
      dev_pid: 'pid-sim',
      dev_channel: 'store',
      dev_region: s.paymentBlocked ? BLOCKED_REGION : REGION[s.locale],
      dev_timezone: 'Asia/Singapore',
      dev_language: language,
      dev_app_version: s.appVersion,
      dev_manufacturer: brand.manufacturer,
      dev_model: brand.model,
    },
    personalInfo: {
      nickname: 'Sim User',
      phone: '+65 8000 0000',
      registerTime: '2024-01-02 10:00:00',
      deviceBrand: brand.manufacturer,
      deviceModel: brand.model,
      ip: '10.0.0.1',
      osName: brand.os,
      osVersion: '14',
      appVersion: s.appVersion,
    },
    ...THEMES[s.theme],
    isHeytapLogin: s.providerAccount,
    authorized: s.authorized,
    spatialAudio: s.spatialAudio,
    wxInstalled: s.wxInstalled,
    coins: s.coins,
    payOutcome: s.payOutcome,
    missing: s.appDialog === 'page' ? ['launchHTDialog2'] : [],
    dialogAnswer: s.appDialog === 'abandon' ? 1 : 0,
    // The reference server's stand-in for the provider's webhook: only it turns an order into membership.
    providerUrl: '/api/dev/provider',
    // The app's server sending the personal-data export code by e-mail.
    captchaUrl: '/api/dev/export-captcha',
    // The account service: signing in through the app issues a new session.
    sessionUrl: '/api/dev/session',
    uploadOutcome: s.uploadOutcome,
    file: FILES[s.uploadFile],
    loginOutcome: s.loginOutcome,
    replyDelayMs: s.replyDelayMs,
  };
}

/**
 * The fields of `next` that differ from `prev`, to setState live without undoing what the page did
 * to the rest (a login or payment in the frame changes the account).
 */
export function changedFields<T extends object>(prev: T, next: T): Partial<T> {
  const out: Partial<T> = {};
  for (const key of Object.keys(next) as (keyof T)[]) {
    if (JSON.stringify(prev[key]) !== JSON.stringify(next[key])) out[key] = next[key];
  }
  return out;
}
