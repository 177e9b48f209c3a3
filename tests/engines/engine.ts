/**
 * One old engine of the matrix, launched headless and driven over the DevTools protocol: pages at a
 * small phone's size with touch, the fake host injected before any page script, and every uncaught
 * error, CSP refusal and failed request collected. Functions run in the page are lowered to the
 * floor first (they are written in today's TypeScript, the page may be Chromium 64).
 */
import { transformSync } from 'esbuild';
import { Cdp, launchChromium } from '../../scripts/lib/cdp.mjs';
import { JS_TARGET } from '../../build/engines.ts';

const WAIT_MS = 15_000;

export interface Engine {
  version: string;
  newPage(init?: string): Promise<EnginePage>;
  close(): Promise<void>;
}

/** Launches `binary` (a Chromium of the matrix) and connects to it. */
export async function launch(binary: string): Promise<Engine> {
  const browser = await launchChromium(binary);
  const { version } = browser;
  return {
    version,
    async newPage(init) {
      const { cdp, close } = await browser.newTab();
      const page = new EnginePage(cdp, version, close);
      await page.setUp(init);
      return page;
    },
    close: browser.close,
  };
}

/** A function's source, lowered to the floor, as an expression that calls it with `arg`. */
function call(fn: (...args: never[]) => unknown, arg: unknown): string {
  const source = transformSync(`(${fn.toString()})`, { target: JS_TARGET, loader: 'ts' }).code.trim().replace(/;$/, '');
  return `(${source})(${JSON.stringify(arg ?? null)})`;
}

export class EnginePage {
  /** Uncaught errors, unhandled rejections, CSP refusals and failed loads, as lines of text. */
  readonly problems: string[] = [];

  constructor(
    readonly cdp: Cdp,
    readonly version: string,
    readonly close: () => Promise<void>,
  ) {}

  async setUp(init?: string): Promise<void> {
    const { cdp, problems } = this;
    cdp.on('Runtime.exceptionThrown', (p) => {
      const details = p.exceptionDetails as { text: string; exception?: { description?: string }; url?: string; lineNumber?: number };
      problems.push(`pageerror: ${details.exception?.description ?? details.text} (${details.url ?? ''}:${details.lineNumber ?? ''})`);
    });
    cdp.on('Log.entryAdded', (p) => {
      const entry = p.entry as { level: string; text: string; url?: string };
      if (entry.level === 'error' && !/favicon/.test(entry.url ?? '')) problems.push(`log: ${entry.text} ${entry.url ?? ''}`);
    });
    cdp.on('Runtime.consoleAPICalled', (p) => {
      const args = (p.args as { value?: unknown; description?: string }[]).map((a) => String(a.value ?? a.description ?? ''));
      if (p.type === 'error') problems.push(`console.error: ${args.join(' ')}`);
      if (args.some((a) => /Content Security Policy|Refused to/.test(a))) problems.push(`csp: ${args.join(' ')}`);
    });
    await Promise.all([cdp.send('Page.enable'), cdp.send('Runtime.enable'), cdp.send('Log.enable'), cdp.send('Network.enable')]);
    const major = /\/(\d+)\./.exec(this.version)?.[1] ?? '64';
    await cdp.send('Network.setUserAgentOverride', {
      userAgent: `Mozilla/5.0 (Linux; Android 9; CPH1923 Build/PPR1.180610.011; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/${major}.0.0.0 Mobile Safari/537.36`,
    });
    await cdp.send('Emulation.setDeviceMetricsOverride', { width: 360, height: 780, deviceScaleFactor: 2, mobile: true });
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
    if (init) await cdp.send('Page.addScriptToEvaluateOnNewDocument', { source: init });
  }

  /** Opens `url` and waits for its load event. */
  async goto(url: string): Promise<void> {
    const loaded = this.cdp.once('Page.loadEventFired', WAIT_MS);
    const { errorText } = await this.cdp.send<{ errorText?: string }>('Page.navigate', { url });
    if (errorText) throw new Error(`${url}: ${errorText}`);
    await loaded;
  }

  /** Runs `fn(arg)` in the page (lowered to the floor) and gives its JSON-able result. */
  async run<A, R>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<R> {
    const { result, exceptionDetails } = await this.cdp.send<{
      result: { value?: R };
      exceptionDetails?: { exception?: { description?: string }; text: string };
    }>('Runtime.evaluate', { expression: call(fn as never, arg), awaitPromise: true, returnByValue: true });
    if (exceptionDetails) throw new Error(`in the page: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
    return result.value as R;
  }

  /** Polls `fn(arg)` until it returns something truthy; fails with `what` after `timeoutMs`. */
  async until<A, R>(what: string, fn: (arg: A) => R, arg?: A, timeoutMs = WAIT_MS): Promise<R> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await this.run(fn, arg);
      if (value) return value;
      if (Date.now() > deadline) {
        const where = await this.run(() => ({
          url: location.href,
          text: (document.getElementById('main') || document.body).innerText.replace(/\s+/g, ' ').slice(0, 300),
        }));
        throw new Error(
          `${this.version}: ${what} did not happen within ${timeoutMs} ms, at ${where.url}\nthe page reads: ${where.text}\nproblems: ${this.problems.join('\n') || 'none'}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Waits until an element matching `selector` (and `text`, if given) shows. */
  visible(selector: string, text?: string | RegExp): Promise<true> {
    const pattern = text instanceof RegExp ? { source: text.source, flags: text.flags } : text === undefined ? null : { source: escape(text), flags: '' };
    return this.until(`"${selector}"${text ? ` with "${text}"` : ''} to show`, findShown, { selector, pattern }) as Promise<true>;
  }

  /** The text of the first shown element matching `selector`. */
  text(selector: string): Promise<string> {
    return this.run((s: string) => {
      const el = Array.prototype.slice.call(document.querySelectorAll(s)).filter((e: HTMLElement) => e.offsetWidth || e.offsetHeight)[0] as
        HTMLElement | undefined;
      return el ? (el.textContent || '').replace(/\s+/g, ' ').trim() : '';
    }, selector);
  }

  /** Taps the centre of the first shown element matching `selector` (and `text`) with a finger. */
  async tap(selector: string, text?: string | RegExp): Promise<void> {
    await this.visible(selector, text);
    const pattern = text instanceof RegExp ? { source: text.source, flags: text.flags } : text === undefined ? null : { source: escape(text), flags: '' };
    const point = await this.run(centreOf, { selector, pattern });
    if (!point) throw new Error(`${this.version}: nothing to tap at "${selector}"`);
    const touch = { x: point.x, y: point.y, radiusX: 1, radiusY: 1, force: 1 };
    await this.cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [touch] });
    await this.cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  }

  /** Taps a field, then types `text` into it as a keyboard's input method would. */
  async type(selector: string, text: string): Promise<void> {
    await this.tap(selector);
    await this.run((s: string) => {
      const field = document.querySelector(s) as HTMLInputElement;
      field.focus();
      field.select();
    }, selector);
    try {
      await this.cdp.send('Input.insertText', { text });
    } catch {
      // Chromium 64's protocol has no insertText (and its `char` key events stall headless): the
      // field gets the text and the input event an input method's commit would fire.
      await this.run(
        ({ s, value }: { s: string; value: string }) => {
          const field = document.querySelector(s) as HTMLInputElement;
          field.value = value;
          field.dispatchEvent(new Event('input', { bubbles: true }));
        },
        { s: selector, value: text },
      );
    }
  }

  /** Types `text` into the field whose label reads `label` (the whole label, as a user reads it). */
  async fill(label: string | RegExp, text: string): Promise<void> {
    const pattern = label instanceof RegExp ? { source: label.source, flags: label.flags } : { source: `^\\s*${escape(label)}\\s*$`, flags: '' };
    const selector = (await this.until(`the field "${label}"`, markField, pattern))!;
    await this.type(selector, text);
  }
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Find {
  selector: string;
  pattern: { source: string; flags: string } | null;
}

// Run in the page (lowered to the floor): no API newer than Chromium 64.
function findShown({ selector, pattern }: Find): boolean {
  const re = pattern ? new RegExp(pattern.source, pattern.flags) : null;
  const all = Array.prototype.slice.call(document.querySelectorAll(selector)) as HTMLElement[];
  return all.some((el) => !!(el.offsetWidth || el.offsetHeight) && (!re || re.test((el.textContent || '').replace(/\s+/g, ' '))));
}

function centreOf({ selector, pattern }: Find): { x: number; y: number } | null {
  const re = pattern ? new RegExp(pattern.source, pattern.flags) : null;
  const all = Array.prototype.slice.call(document.querySelectorAll(selector)) as HTMLElement[];
  const el = all.filter((e) => !!(e.offsetWidth || e.offsetHeight) && (!re || re.test((e.textContent || '').replace(/\s+/g, ' '))))[0];
  if (!el) return null;
  el.scrollIntoView({ block: 'center' });
  const box = el.getBoundingClientRect();
  return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
}

// Marks the control of the label whose text matches, and gives a selector for it.
function markField(pattern: { source: string; flags: string }): string | null {
  const re = new RegExp(pattern.source, pattern.flags);
  const labels = Array.prototype.slice.call(document.querySelectorAll('label')) as HTMLLabelElement[];
  for (const label of labels) {
    if (!re.test((label.textContent || '').replace(/\s+/g, ' '))) continue;
    const control = label.control || label.querySelector('input, textarea, select');
    if (!control || !(control as HTMLElement).offsetHeight) continue;
    const mark = String(Math.random()).slice(2);
    control.setAttribute('data-engine-field', mark);
    return `[data-engine-field="${mark}"]`;
  }
  return null;
}
