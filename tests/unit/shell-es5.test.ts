/**
 * The inline scripts parse and work on any engine that runs JavaScript at all. The build
 * refuses a script that is not ES5 (build/inline-script.ts); here the exact bytes a page carries
 * run in a context stripped of everything newer than ES5 (no Map, Promise, Symbol, Array.from,
 * Object.assign, String.prototype.includes…, no URLSearchParams or URL), with the few DOM properties
 * the shell touches, as an Android 4.4 WebView would run them.
 */
import { createContext, runInContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { inlineScript } from '../../build/inline-script.ts';

const shell = inlineScript('src/layouts/shell-script.ts').code;
const notice = inlineScript('src/layouts/old-engine.ts').code;

// Deleted before the script runs: what ES2015 and later added to the built-ins.
const STRIP = `
  ['Map', 'Set', 'WeakMap', 'WeakSet', 'Promise', 'Symbol', 'Proxy', 'Reflect', 'Intl'].forEach(function (name) { delete this[name]; }, this);
  ['from', 'of'].forEach(function (name) { delete Array[name]; });
  ['includes', 'find', 'findIndex', 'fill', 'flat', 'flatMap', 'at', 'entries', 'keys', 'values'].forEach(function (name) { delete Array.prototype[name]; });
  ['assign', 'entries', 'values', 'fromEntries', 'getOwnPropertySymbols', 'getOwnPropertyDescriptors', 'is', 'setPrototypeOf'].forEach(function (name) { delete Object[name]; });
  ['startsWith', 'endsWith', 'includes', 'repeat', 'padStart', 'padEnd', 'trimStart', 'trimEnd', 'codePointAt', 'normalize', 'replaceAll', 'at'].forEach(function (name) { delete String.prototype[name]; });
  delete String.fromCodePoint;
  // No \`u\` or \`s\` flag either (ES2015, ES2018): the constructor refuses them, as such an engine's would.
  RegExp = (function (Native) {
    return function (source, flags) {
      if (/[usy]/.test(flags || '')) throw new SyntaxError('Invalid flags supplied to RegExp constructor');
      return new Native(source, flags);
    };
  })(RegExp);
`;

interface Page {
  attributes: Record<string, string>;
  style: Record<string, string>;
  classes: string[];
  title: string;
  moved: string | null;
  /** Where history.replaceState put the address, if anywhere. */
  address?: string;
  storage: Record<string, string>;
}

/** Runs `code` as an old engine's page at `url` would, with `flags` as the page's <html data-*>. */
function run(code: string, url: string, flags: Record<string, string> = {}): Page {
  const { pathname, search, hash } = new URL(url, 'https://pages.example');
  const page: Page = { attributes: { ...flags }, style: {}, classes: [], title: 'Title', moved: null, storage: {} };
  const classList = {
    add: (name: string) => page.classes.indexOf(name) < 0 && page.classes.push(name),
    remove: (name: string) => (page.classes = page.classes.filter((c) => c !== name)),
    contains: (name: string) => page.classes.indexOf(name) >= 0,
    toggle: (name: string, on: boolean) => (on ? classList.add(name) : classList.remove(name)),
  };
  const html = {
    dataset: page.attributes,
    style: { setProperty: (name: string, value: string) => (page.style[name] = value) },
    classList,
    get className() {
      return page.classes.join(' ');
    },
    set className(value: string) {
      page.classes = value.split(' ').filter(Boolean);
    },
  };
  const notice = { hidden: true, removeAttribute: (name: string) => name === 'hidden' && (notice.hidden = false) };
  const context = createContext({
    document: {
      documentElement: html,
      get title() {
        return page.title;
      },
      set title(value: string) {
        page.title = value;
      },
      getElementById: (id: string) => (id === 'old-engine' ? notice : null),
    },
    location: { href: `https://h5.example${pathname}${search}${hash}`, pathname, search, hash, replace: (to: string) => (page.moved = to) },
    history: { state: null, replaceState: (_state: unknown, _title: string, to: string) => (page.address = to) },
    localStorage: page.storage,
    navigator: {
      userAgent: 'Mozilla/5.0 (Linux; U; Android 4.4.2; en-us; SM-G900P Build/KOT49H) AppleWebKit/534.30 (KHTML, like Gecko) Version/4.0 Mobile Safari/534.30',
    },
  });
  runInContext(`var window = this; ${STRIP}`, context);
  runInContext(code, context);
  return Object.assign(page, { notice: !notice.hidden });
}

describe('the shell script on an engine with nothing newer than ES5', () => {
  it('applies the status bar, the theme, the back bar, the session and the title from the query', () => {
    const page = run(shell, '/zh-CN/help-feedback?status_height=40&dark=1&bgColor=171717&app_sessionid=abc.123&title=%E5%B8%AE%E5%8A%A9+%E4%B8%AD%E5%BF%83', {
      prefixed: '1',
      bar: '1',
      tq: '1',
    });
    expect(page.style).toEqual({ '--page-bg': '#171717', '--sh': '40px' });
    expect(page.attributes.theme).toBe('dark1');
    expect(page.attributes.session).toBe('no-app');
    expect(page.classes).toEqual(['has-bar', 'title-swap']);
    expect(page.title).toBe('帮助 中心');
    expect(page.storage).toEqual({ app_sessionid: 'abc.123', bgColor: '171717' });
    // Stored, the session leaves the address.
    expect(page.address).toBe('https://h5.example/zh-CN/help-feedback?status_height=40&dark=1&bgColor=171717&title=%E5%B8%AE%E5%8A%A9+%E4%B8%AD%E5%BF%83');
  });

  it('strips control and bidi characters from a title without property escapes, and keeps 60 characters', () => {
    const page = run(shell, `/help-feedback?status_height=24&title=${encodeURIComponent(`A\u202eB\u0007C${'x'.repeat(80)}`)}`, { bar: '1', tq: '1' });
    expect(page.title).toBe(`ABC${'x'.repeat(57)}`);
  });

  it('moves an unprefixed page to the language of the query, keeping the query', () => {
    expect(run(shell, '/vip-center?language=th&status_height=24').moved).toBe('/th-TH/vip-center?language=th&status_height=24');
  });

  it('survives a malformed query: the default look, no error', () => {
    const page = run(shell, '/vip-center?status_height=%E0%A4%A&dark=1&bgColor=%ZZ', { bar: '1' });
    expect(page.style['--sh']).toBe('32px');
    expect(page.attributes.theme).toBe('light');
  });
});

describe('the nomodule notice on an engine with nothing newer than ES5', () => {
  it('shows the notice and hides the islands', () => {
    const page = run(notice, '/vip-center') as Page & { notice: boolean };
    expect(page.notice).toBe(true);
    expect(page.classes).toEqual(['engine-old']);
  });
});
