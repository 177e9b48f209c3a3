/**
 * A DevTools protocol client small enough to speak to every engine of the matrix: Chromium 64's
 * protocol and today's share the JSON-over-WebSocket framing and the handful of methods used here
 * (Page, Runtime, Input, Emulation, Network), which Playwright and current Puppeteer no longer
 * negotiate with. Node's own WebSocket, no dependency.
 */
type Params = Record<string, unknown>;
type Listener = (params: Params) => void;

export class Cdp {
  private next = 1;
  private pending = new Map<number, { resolve: (value: Params) => void; reject: (error: Error) => void; method: string }>();
  private listeners = new Map<string, Set<Listener>>();

  private constructor(private socket: WebSocket) {
    socket.addEventListener('message', (event) => {
      const message = JSON.parse(String(event.data)) as { id?: number; method?: string; params?: Params; result?: Params; error?: { message: string } };
      if (message.id !== undefined) {
        const call = this.pending.get(message.id);
        this.pending.delete(message.id);
        if (message.error) call?.reject(new Error(`${call.method}: ${message.error.message}`));
        else call?.resolve(message.result ?? {});
      } else if (message.method) {
        for (const listener of this.listeners.get(message.method) ?? []) listener(message.params ?? {});
      }
    });
    socket.addEventListener('close', () => {
      for (const call of this.pending.values()) call.reject(new Error(`${call.method}: the engine closed the connection`));
      this.pending.clear();
    });
  }

  /** @example const page = await Cdp.connect(target.webSocketDebuggerUrl) */
  static connect(url: string): Promise<Cdp> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url);
      socket.addEventListener('open', () => resolve(new Cdp(socket)), { once: true });
      socket.addEventListener('error', () => reject(new Error(`no DevTools connection at ${url}`)), { once: true });
    });
  }

  /** @example await page.send('Page.navigate', { url }) */
  send<T = Params>(method: string, params: Params = {}): Promise<T> {
    const id = this.next++;
    return new Promise<Params>((resolve, reject) => {
      this.pending.set(id, { resolve, reject, method });
      this.socket.send(JSON.stringify({ id, method, params }));
    }) as Promise<T>;
  }

  /** Calls `listener` for each event of that name; returns the way to stop. */
  on(event: string, listener: Listener): () => void {
    const set = this.listeners.get(event) ?? new Set();
    set.add(listener);
    this.listeners.set(event, set);
    return () => set.delete(listener);
  }

  /** The next event of that name, or a rejection after `timeoutMs`. */
  once(event: string, timeoutMs: number): Promise<Params> {
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

  close(): void {
    this.socket.close();
  }
}
