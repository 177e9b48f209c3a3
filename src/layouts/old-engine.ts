/**
 * The notice for an engine below the floor, inlined on every app page as a `nomodule` script and
 * hashed into the CSP: only an engine without module scripts (Chromium < 61) runs it. No island can
 * load there, so the page says what to update (the notice is in the HTML, in the page's language)
 * and hides the islands' controls, which could not work. ES5, like every inline script
 * (build/inline-script.ts).
 */
const notice = document.getElementById('old-engine');
if (notice) {
  notice.removeAttribute('hidden');
  // base.css: `.engine-old astro-island` is hidden.
  document.documentElement.className += ' engine-old';
}
