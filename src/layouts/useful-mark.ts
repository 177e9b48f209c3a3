/**
 * The `useful` mark (docs/performance.md, "Useful content"): `performance.mark('useful')`, once, as
 * soon as an element with `data-useful` is in the document. An island puts the attribute on what the
 * user came for (the prices, the balance, the list) in the render that draws it from the server's
 * data, and this observer runs before that frame paints. An inline script of pages with islands,
 * bundled to ES5 and hashed into the CSP like the shell script (build/shell-module.ts), rather than code of
 * the islands', where it would weigh on every page's first-load JavaScript.
 */
const doc = document;

try {
  if (typeof MutationObserver == 'function' && performance.mark) {
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
  }
} catch {
  // An engine below the floor: the page reads the same without the mark.
}
