/**
 * The app's soft keyboard over a form. Android WebViews whose activity uses adjustNothing keep their
 * size when the keyboard opens: neither the window nor the visual viewport shrinks, so nothing in the
 * page says the keyboard covers its lower part. Only the host knows (`hasKeyboard`). A form then
 * makes room under itself and keeps the field being typed in above the keyboard, so its submit button
 * can be scrolled into sight above it too. Loaded on the first focus in a form.
 */
import { query } from '../bridge';
import { hasKeyboard } from '../../shared/bridge/calls/forms';

// Portrait Android keyboards, suggestion strip included, cover about 38–45 % of the screen.
const KEYBOARD_SHARE = 0.45;
// A window this much shorter than it has been resized for the keyboard itself (adjustResize).
const RESIZED = 0.8;

let tallest = 0;

/**
 * How many CSS pixels at the bottom of the window the keyboard covers and the page must make room
 * for: 0 when the host says it is down, when there is no host, or when the WebView already resized
 * (then the page reflows by itself). The visual viewport's shrink is used when the WebView reports one.
 * @example keyboardRoom() // 351 on a 780 px window with the keyboard up under adjustNothing
 */
export function keyboardRoom(): number {
  tallest = Math.max(tallest, innerHeight);
  if (!query(hasKeyboard) || innerHeight < tallest * RESIZED) return 0;
  const view = window.visualViewport;
  const covered = view ? Math.round(innerHeight - view.height - view.offsetTop) : 0;
  return covered > 0 ? covered : Math.round(innerHeight * KEYBOARD_SHARE);
}
