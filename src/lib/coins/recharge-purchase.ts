/**
 * What /k-recharge loads once it runs, not with it: the purchase model (src/lib/pay/purchase.ts) and
 * the page state (../forms/page-state): the amount being chosen and the scroll position ("keeps
 * scroll position", src/shared/routes.ts) come back when the app recreates the WebView, or on a reload.
 * Both wait for the packages: a package id is only kept if the offer still has it, and the page is
 * only tall enough for the old position once they are drawn.
 */
import * as v from 'valibot';
import { keepPart, savePageState, takePart } from '../forms/page-state';
import { purchaseModel, type PurchaseModel } from '../pay/purchase';
import type { CoinStatus, Offer, Recharge } from './pay-deps';
import { $choice, $offer, $recharge } from './recharge-state';

const PART = 'recharge';
// How long the saved position is held while the page settles (parts drawn late, a slow phone), and
// for how many frames in a row it must stay put to count as settled.
const SETTLE_MS = 3000;
const STILL_FRAMES = 10;

const saved = v.object({
  picked: v.fallback(v.nullable(v.pipe(v.string(), v.maxLength(64))), null),
  custom: v.fallback(v.pipe(v.string(), v.regex(/^\d{0,9}$/)), ''),
  scroll: v.fallback(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1_000_000)), 0),
});

/** The saved choice, if the offer still has it; the typed amount is checked when shown, as if typed. */
function choiceIn(offer: Offer, { picked, custom }: v.InferOutput<typeof saved>) {
  const known = picked === 'custom' || offer.packages.some((p) => p.id === picked);
  return { picked: known ? picked : null, custom };
}

/**
 * Scrolls to `y` and holds it there while the page settles: until it has stayed put for a few frames,
 * the user touches the page, or SETTLE_MS pass (a page that never grows that tall ends at its
 * bottom). Then calls `done`.
 */
function scrollOnceDrawn(y: number, done: () => void) {
  const until = Date.now() + SETTLE_MS;
  let still = 0;
  let touched = false;
  const touch = () => (touched = true);
  const events = ['touchstart', 'wheel', 'keydown'] as const;
  for (const name of events) addEventListener(name, touch, { passive: true });
  const step = () => {
    if (Math.round(scrollY) === y) still++;
    else {
      still = 0;
      scrollTo(0, y);
    }
    if (!touched && still < STILL_FRAMES && Date.now() < until) return void requestAnimationFrame(step);
    for (const name of events) removeEventListener(name, touch);
    done();
  };
  requestAnimationFrame(step);
}

/**
 * Restores the page state once the offer is there, then keeps it as it changes; returns the stop.
 * @example const stop = keepRecharge()
 */
export function keepRecharge(): () => void {
  const restored = takePart(PART, saved);
  // Whether the user has chosen anything yet (maybe before this module even loaded).
  const chosen = () => $choice.get().picked !== null || $choice.get().custom !== '';
  let scroll = restored?.scroll ?? 0;
  let paid = false;
  const keep = () => keepPart(PART, paid ? { scroll } : { ...$choice.get(), scroll });
  const onScroll = () => {
    scroll = Math.round(scrollY);
    keep();
  };
  const stops: (() => void)[] = [];
  let stopped = false;

  const start = (offer: Offer) => {
    // A choice made while the packages loaded is the user's newer word.
    if (restored && !chosen()) $choice.set(choiceIn(offer, restored));
    const listen = () => {
      if (stopped) return;
      // Nothing to restore: where the page is now, as the user may have scrolled before this module
      // arrived (a loaded phone: a package chosen, the page scrolled, then this). A restored position
      // stays the one to keep, even where a page still short could not reach it.
      if (!restored?.scroll) scroll = Math.round(scrollY);
      // Listening only now: the browser's own early restore, clamped to a page still short, must
      // not overwrite the saved position.
      addEventListener('scroll', onScroll, { passive: true });
      stops.push(() => removeEventListener('scroll', onScroll), $choice.listen(keep));
      // A choice made or restored before now has not been kept yet. The page may already be hidden
      // (a quick user on a slow phone: gone to the background before this module loaded): then this
      // is the last chance before Android kills the WebView, and it is written now.
      if (chosen()) {
        keep();
        if (document.visibilityState === 'hidden') savePageState();
      }
    };
    if (restored?.scroll) scrollOnceDrawn(restored.scroll, listen);
    else listen();
  };
  let started = false;
  stops.push(
    $offer.subscribe((offer) => {
      if (offer.state !== 'ready' || started) return;
      started = true;
      start(offer.data);
    }),
  );
  // A completed recharge is not chosen again after a reload: only the position is kept, at once.
  stops.push(
    $recharge.listen((purchase) => {
      if (purchase.state !== 'paid' || paid) return;
      paid = true;
      keep();
      savePageState();
    }),
  );
  return () => {
    stopped = true;
    for (const stop of stops) stop();
  };
}

/**
 * The recharge's purchase model (recharge.ts's stores passed in: importing that module would split
 * it out of the page's island chunk), whose `watch` also keeps the page state.
 * @example rechargeModel($recharge, $choice, $offer).watch()
 */
export function rechargeModel(): PurchaseModel<Recharge> {
  const model = purchaseModel<Recharge, CoinStatus>(
    'coins',
    $recharge,
    () => import('./checkout').then((m) => m.checkout),
    // What the purchase is for, as its attempt's name: a retry or a reload of the same choice is the same purchase.
    (what) => `coins:${'packageId' in what ? what.packageId : `custom:${what.coins}`}`,
  );
  return {
    ...model,
    watch() {
      const stops = [model.watch(), keepRecharge()];
      return () => stops.forEach((stop) => stop());
    },
  };
}
