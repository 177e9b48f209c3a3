// A DevTools protocol client small enough to speak to every engine we run: Chromium 64's protocol and
// today's share the JSON-over-WebSocket framing and the handful of methods used (Page, Runtime, Input,
// Emulation, Network), which Playwright and current Puppeteer no longer negotiate with. Node's own
// WebSocket, no dependency. The engine matrix (tests/engines) and the useful-content measurement
// (scripts/lib/useful.mjs) drive their browsers with it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';

const LAUNCH_MS = 30_000;

export class Cdp {
  #socket;
  #next = 1;
  /** @type {Map<number, { resolve: (value: Record<string, unknown>) => void, reject: (error: Error) => void, method: string }>} */
  #pending = new Map();
  /** @type {Map<string, Set<(params: Record<string, any>) => void>>} */
  #listeners = new Map();

  /** @param {WebSocket} socket */
  constructor(socket) {
    this.#socket = socket;
    socket.addEventListener('message', (event) => {
      const message = JSON.parse(String(event.data));
      if (message.id !== undefined) {
        const call = this.#pending.get(message.id);
        this.#pending.delete(message.id);
        if (message.error) call?.reject(new Error(`${call.method}: ${message.error.message}`));
        else call?.resolve(message.result ?? {});
      } else if (message.method) {
        for (const listener of this.#listeners.get(message.method) ?? []) listener(message.params ?? {});
      }
    });
    socket.addEventListener('close', () => {
      for (const call of this.#pending.values()) call.reject(new Error(`${call.method}: the engine closed the connection`));
      this.#pending.clear();
    });
  }

  /**
   * @example const page = await Cdp.connect(target.webSocketDebuggerUrl)
   * @param {string} url
   * @returns {Promise<Cdp>}
   */
  static connect(url) {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url);
      socket.addEventListener('open', () => resolve(new Cdp(socket)), { once: true });
      socket.addEventListener('error', () => reject(new Error(`no DevTools connection at ${url}`)), { once: true });
    });
  }

  /**
   * @example await page.send('Page.navigate', { url })
   * @template [T=Record<string, any>]
   * @param {string} method
   * @param {Record<string, unknown>} [params]
   * @returns {Promise<T>}
   */
  send(method, params = {}) {
    const id = this.#next++;
    return /** @type {Promise<T>} */ (
      new Promise((resolve, reject) => {
        this.#pending.set(id, { resolve, reject, method });
        this.#socket.send(JSON.stringify({ id, method, params }));
      })
    );
  }

  /**
   * Calls `listener` for each event of that name; returns the way to stop.
   * @param {string} event
   * @param {(params: Record<string, any>) => void} listener
   */
  on(event, listener) {
    const set = this.#listeners.get(event) ?? new Set();
    set.add(listener);
    this.#listeners.set(event, set);
    return () => set.delete(listener);
  }

  /**
   * The next event of that name, or a rejection after `timeoutMs`.
   * @param {string} event
   * @param {number} timeoutMs
   * @returns {Promise<Record<string, any>>}
   */
  once(event, timeoutMs) {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        off();
        reject(new Error(`no ${event} within ${timeoutMs} ms`));
      }, timeoutMs);
      const off = this.on(event, (params) => {
        clearTimeout(timer);
        off();
        resolve(params);
      });
    });
  }

  close() {
    this.#socket.close();
  }
}

/**
 * A Chromium started headless with a DevTools port and a throwaway profile: its version, a way to open
 * a tab (`PUT /json/new`, which today's engines want; Chromium 64's answer only GET) and to stop it.
 * @example const browser = await launchChromium('/usr/bin/chromium'); const { cdp, close } = await browser.newTab()
 * @param {string} binary
 * @param {string[]} [flags] more command-line flags
 */
export async function launchChromium(binary, flags = []) {
  const profile = mkdtempSync(join(os.tmpdir(), 'engine-'));
  const child = spawn(
    binary,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--no-zygote',
      '--disable-background-networking',
      '--disable-component-update',
      '--mute-audio',
      '--hide-scrollbars',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      ...flags,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const close = async () => {
    child.kill('SIGKILL');
    await new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once('exit', resolve)));
    // The kill reaches the browser process alone: its renderer and GPU process exit when they see it gone,
    // a few ms later, and may write to the profile until then (ENOTEMPTY mid-removal, once in `npm run
    // test:useful`). Node retries the removal on that error, 100 ms apart.
    rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  };
  try {
    /** @type {string} */
    const endpoint = await new Promise((resolve, reject) => {
      let log = '';
      const timer = setTimeout(() => reject(new Error(`${binary} printed no DevTools address in ${LAUNCH_MS} ms:\n${log}`)), LAUNCH_MS);
      child.stderr.on('data', (chunk) => {
        log += chunk;
        const match = /DevTools listening on (ws:\/\/[^\s]+)/.exec(log);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
      child.on('exit', (code) => reject(new Error(`${binary} exited (${code}) before it listened:\n${log}`)));
    });
    const http = endpoint.replace(/^ws:\/\/([^/]+)\/.*$/, 'http://$1');
    /** @type {string} */
    const version = (await (await fetch(`${http}/json/version`)).json()).Browser;
    return {
      version,
      /** A new tab, its protocol connection, and the way to close both. */
      async newTab() {
        let reply = await fetch(`${http}/json/new?about:blank`, { method: 'PUT' });
        if (!reply.ok) reply = await fetch(`${http}/json/new?about:blank`);
        const target = await reply.json();
        const cdp = await Cdp.connect(target.webSocketDebuggerUrl);
        const closeTab = async () => {
          cdp.close();
          await fetch(`${http}/json/close/${target.id}`).catch(() => undefined);
        };
        return { cdp, close: closeTab };
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
