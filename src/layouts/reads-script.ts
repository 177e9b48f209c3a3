/**
 * The inline script of a page whose first screen reads the server (`<html data-reads>`), right after
 * the shell script, bundled to ES5 and hashed into the CSP like it (build/shell-module.ts): not code
 * of the islands', where it would weigh on every page's first-load JavaScript, nor of the shell
 * script, which every page runs.
 *
 * Signed in, it preloads the first reads' script (src/lib/api/first-reads.ts), which the island
 * directive runs at the paint: fetched while the HTML still arrives, the seal is there when the page
 * has painted, and the reads leave one round trip after the HTML, not two (docs/performance.md,
 * "Useful content"). A preload runs nothing: what the paint needs is not held up by it. Where the
 * page was opened with a session in its address, the response's headers have asked for it already
 * (server/static.ts firstReadsLink, deploy/nginx/h5.conf), and the browser takes that one.
 *
 * Then the `useful` mark: `performance.mark('useful')`, once, as soon as an element with `data-useful`
 * is in the document. An island puts the attribute on what the user came for (the prices, the balance,
 * the list) in the render that draws it from the server's data, and this observer runs before that
 * frame paints.
 */
const doc = document;

try {
  const flags = doc.documentElement.dataset;
  // The shell script has set the session flag (no flag: it is moving the page to its locale's URL).
  // The name is the build's (build/first-reads-script.ts), never a query value; `astro dev` has none.
  // Below the floor (no ResizeObserver, as the island directive tells it) nothing would run it.
  if (flags.session == 'signed-in' && flags.reads && typeof ResizeObserver == 'function') {
    const link = doc.createElement('link');
    link.rel = 'preload';
    link.as = 'script';
    link.href = '/_astro/' + flags.reads + '.js';
    doc.head.appendChild(link);
  }
  const observer = new MutationObserver(() => {
    if (!doc.querySelector('[data-useful]')) return;
    observer.disconnect();
    performance.mark('useful');
  });
  // The server's HTML never has the attribute (no island has its data then): watching starts with
  // the document parsed, before any island hydrates.
  doc.addEventListener('DOMContentLoaded', () =>
    observer.observe(doc.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-useful'] }),
  );
} catch {
  // An engine below the floor (no preload, no MutationObserver, no performance.mark): the directive
  // does not run the script either, and the page reads the same without the mark.
}
