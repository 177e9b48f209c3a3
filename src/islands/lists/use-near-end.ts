/**
 * Loads more of a paged list (src/lib/model/paged.ts) when its end comes near the screen, unless the
 * last load failed (then the user retries) or the list is done.
 */
import { useStore } from '../ui/use-store';
import { useEffect, useRef } from 'preact/hooks';
import type { PagedModel } from '../../lib/model/paged';
import type { RecordLike } from '../../lib/paging';

/**
 * @param active only a signed-in page loads
 * @example const { list, end } = useNearEnd(records, signedIn); <div ref={end} />
 */
export function useNearEnd<T extends RecordLike>(model: PagedModel<T>, active: boolean) {
  const list = useStore(model.$list);
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const target = end.current;
    if (!target || list.done || list.failure || !active) return;
    // An observer's first answer can arrive after a load has failed and before this effect has run
    // again: a failed list waits for the user's retry, whatever the observer says.
    const near = (entries: IntersectionObserverEntry[]) => entries.some((e) => e.isIntersecting) && !model.$list.get().failure && void model.loadMore();
    const observer = new IntersectionObserver(near, { rootMargin: '200px' });
    observer.observe(target);
    return () => observer.disconnect();
    // Not on `loading`: a new observer per load start would ask again at once.
  }, [list.items, list.done, list.failure, active]);
  return { list, end, started: list.items.length > 0 || list.done };
}
