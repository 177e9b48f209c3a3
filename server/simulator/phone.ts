/**
 * The phone around the frame: a status bar drawn over the top of the page (the app's WebView runs
 * under it, which is why pages pad by status_height), and, in the three-column layout, scaling the
 * phone down to fit the window height so it is never cut off on a 800 px screen.
 */

/** Wide layout: controls, phone and log side by side (sim.css uses the same width). */
const WIDE = '(min-width: 1100px)';

/**
 * Keeps the phone inside the stage's height in the wide layout (at most 100%, at least 50%); in the
 * stacked layout the page scrolls and the phone stays at its real size.
 */
export function fitPhone(stage: HTMLElement, slot: HTMLElement, phone: HTMLElement): void {
  const wide = matchMedia(WIDE);
  const fit = () => {
    let scale = 1;
    if (wide.matches) {
      const available = stage.getBoundingClientRect().bottom - slot.getBoundingClientRect().top - 12;
      scale = Math.min(1, Math.max(0.5, available / phone.offsetHeight));
    }
    slot.style.setProperty('--scale', scale.toFixed(3));
  };
  new ResizeObserver(fit).observe(stage);
  wide.addEventListener('change', fit);
  fit();
}

/**
 * Sizes the status bar as the page sees it (status_height, or the page's default 32) and colours
 * its text for the theme the host last set.
 */
export function showStatusBar(bar: HTMLElement, statusHeight: number | null, dark: boolean): void {
  bar.style.height = `${statusHeight ?? 32}px`;
  bar.dataset.dark = dark ? '1' : '0';
}
