/**
 * `client:painted`: an island hydrates once the page has painted. Its first screen is already in the
 * HTML (drawn on the server, chosen before first paint by the shell script and CSS), so nothing it
 * draws is on the path to first paint, and its script, core included, is not fetched ahead of it: on
 * a low-end phone the first frame does not wait for 20 KB of JavaScript to download and compile.
 * "Painted" is the browser's first-contentful-paint entry; a page that paints nothing, or a WebView
 * without paint timing, hydrates after PAINT_WAIT_MS all the same.
 */
import type { ClientDirective } from 'astro';

const PAINT_WAIT_MS = 1000;

const painted: ClientDirective = (load) => {
  let started = false;
  const start = async () => {
    if (started) return;
    started = true;
    const hydrate = await load();
    await hydrate();
  };
  setTimeout(start, PAINT_WAIT_MS);
  try {
    new PerformanceObserver((entries, observer) => {
      if (!entries.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      void start();
    }).observe({ type: 'paint', buffered: true });
  } catch {
    // No paint timing: the timer above.
  }
};

export default painted;
