/**
 * Exposure of marked-up elements: `<li data-track="vip.plan" data-track-on="exposure click"
 * data-track-props='{"plan":"vip-month"}'>`, including those islands render after the page loaded.
 */
import { EXPOSED_RATIO, readProps, type Report } from './dom';

export const EXPOSURE_SELECTOR = '[data-track][data-track-on~="exposure"]';

/**
 * Reports each marked element the first time half of it is visible (spec §9), once per name and props
 * for the life of the page: an island that draws the same plan card again (a re-render, a tab switched
 * back) does not count it twice, while a card that now shows another plan counts as that plan. Name and
 * props are read when the element is seen, not when it appeared. Returns the function that stops.
 * @example const stop = watchExposure(document.body, track)
 */
export function watchExposure(
  root: Element,
  report: Report,
  Observer = typeof IntersectionObserver === 'undefined' ? undefined : IntersectionObserver,
  Mutations = typeof MutationObserver === 'undefined' ? undefined : MutationObserver,
): () => void {
  // No IntersectionObserver (very old WebView): report nothing rather than guess what was seen.
  if (!Observer) return () => undefined;
  const reported = new Set<string>();

  const seen = new Observer(
    (entries) => {
      for (const entry of entries) {
        // The first callback fires for every element, visible or not: only half-visible ones count.
        if (!entry.isIntersecting || entry.intersectionRatio < EXPOSED_RATIO) continue;
        const element = entry.target;
        // Watched again only if its marking changes (below).
        seen.unobserve(element);
        const name = element.getAttribute('data-track');
        if (!name || !element.matches(EXPOSURE_SELECTOR)) continue;
        const props = readProps(element);
        const key = `${name}\n${JSON.stringify(props ?? null)}`;
        if (reported.has(key)) continue;
        reported.add(key);
        report('exposure', name, props);
      }
    },
    { threshold: EXPOSED_RATIO },
  );

  const watch = (node: Node) => {
    if (!(node instanceof Element)) return;
    if (node.matches(EXPOSURE_SELECTOR)) seen.observe(node);
    for (const element of node.querySelectorAll(EXPOSURE_SELECTOR)) seen.observe(element);
  };
  watch(root);

  const changes = Mutations
    ? new Mutations((records) => {
        for (const record of records) {
          if (record.type === 'attributes') {
            // Observing again makes the observer report the element's visibility afresh.
            seen.unobserve(record.target as Element);
            watch(record.target);
          } else {
            record.addedNodes.forEach(watch);
          }
        }
      })
    : undefined;
  changes?.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-track', 'data-track-on', 'data-track-props'] });

  return () => {
    changes?.disconnect();
    seen.disconnect();
  };
}
