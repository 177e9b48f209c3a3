/**
 * Loads more of a paged list (src/lib/model/paged.ts) when its end comes near the screen, unless the
 * last load failed (then the user retries) or the list is done.
 */
import { useStore } from '@nanostores/preact';
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
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && void model.loadMore(), { rootMargin: '200px' });
    observer.observe(target);
    return () => observer.disconnect();
  }, [list, active]);
  return { list, end, started: list.items.length > 0 || list.done };
}
