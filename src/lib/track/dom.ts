/**
 * DOM helpers for tracking: exposure by IntersectionObserver (spec §9: exposed at 0.5 visible) and
 * one delegated listener that reads `data-track` attributes for clicks, touches and typing.
 */
import type { TrackProps } from './queue';
import type { TrackKind } from '../../shared/track/rules';

export type Report = (kind: TrackKind, name: string, props?: TrackProps) => void;

export const EXPOSED_RATIO = 0.5; // spec §9

/**
 * Watches elements and reports each one once, the first time half of it is visible. Once per
 * element for the life of the document, which is one page view in this multi-page site.
 * @example const observe = createExposureWatcher(track); observe(card, 'vip.plan', { plan: 'year' })
 */
export function createExposureWatcher(report: Report, Observer = typeof IntersectionObserver === 'undefined' ? undefined : IntersectionObserver) {
  const seen = new WeakSet<Element>();
  const watched = new Map<Element, { name: string; props?: TrackProps | undefined }>();
  let observer: IntersectionObserver | undefined;

  const onEntries = (entries: IntersectionObserverEntry[]) => {
    for (const entry of entries) {
      // The first callback fires for every element, visible or not: only half-visible ones count.
      if (!entry.isIntersecting || entry.intersectionRatio < EXPOSED_RATIO) continue;
      const target = watched.get(entry.target);
      if (!target) continue;
      watched.delete(entry.target);
      observer?.unobserve(entry.target);
      seen.add(entry.target);
      report('exposure', target.name, target.props);
    }
  };

  /** Returns the function that stops watching the element (e.g. when an island unmounts). */
  return function observe(element: Element, name: string, props?: TrackProps): () => void {
    // No IntersectionObserver (very old WebView): report nothing rather than guess what was seen.
    if (!Observer || seen.has(element) || watched.has(element)) return () => undefined;
    observer ??= new Observer(onEntries, { threshold: EXPOSED_RATIO });
    watched.set(element, { name, props });
    observer.observe(element);
    return () => {
      if (watched.delete(element)) observer?.unobserve(element);
    };
  };
}

const FIELD = /^(INPUT|TEXTAREA|SELECT)$/;

/**
 * Reports interactions inside `root` for elements marked up as
 * `<button data-track="vip.buy" data-track-props='{"plan":"month"}'>` (props: flat JSON).
 * `data-track-on="click touchstart"` picks the kinds; the default is `input` for form fields and
 * `click` for the rest. Typing counts once per visit to a field (until it loses focus), and the
 * value typed is never read. Returns the function that removes the listeners.
 * @example const stop = delegateTracking(document.body, track)
 */
export function delegateTracking(root: Element | Document, report: Report): () => void {
  const typing = new WeakSet<Element>();

  const onEvent = (event: Event) => {
    const kind = event.type as TrackKind;
    const target = tracked(event);
    if (!target || !root.contains(target)) return;
    const name = target.getAttribute('data-track');
    if (!name || !kindsOf(target).includes(kind)) return;
    if (kind === 'input') {
      if (typing.has(target)) return;
      typing.add(target);
    }
    report(kind, name, readProps(target));
  };
  const onFocusOut = (event: Event) => {
    const target = tracked(event);
    if (target) typing.delete(target);
  };

  const listeners: Array<[string, (event: Event) => void, AddEventListenerOptions?]> = [
    ['click', onEvent],
    // passive: a tracking listener must never delay scrolling.
    ['touchstart', onEvent, { passive: true }],
    ['input', onEvent],
    ['focusout', onFocusOut],
  ];
  for (const [type, listener, options] of listeners) root.addEventListener(type, listener, options);
  return () => {
    for (const [type, listener] of listeners) root.removeEventListener(type, listener);
  };
}

function tracked(event: Event): Element | null {
  const target = event.target as Element | null;
  return typeof target?.closest === 'function' ? target.closest('[data-track]') : null;
}

function kindsOf(element: Element): string[] {
  const declared = element.getAttribute('data-track-on');
  if (declared) return declared.split(/\s+/);
  return [FIELD.test(element.tagName) ? 'input' : 'click'];
}

/**
 * The element's `data-track-props` (flat JSON), or undefined when absent or malformed.
 * @example readProps(button) // { plan: 'month' }
 */
export function readProps(element: Element): TrackProps | undefined {
  const raw = element.getAttribute('data-track-props');
  if (!raw) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as TrackProps) : undefined;
  } catch {
    return undefined; // malformed markup: keep the event, drop its props
  }
}
