/**
 * A list loaded page by page with a cursor (coin records, feedback, downloads): the next page when the
 * end of the list comes near, unless the last load failed (then the user retries, and what was loaded
 * stays). `load(true)` starts over from the first page (pull to refresh, a page shown again).
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { messageKey } from '../../lib/api';
import { addPage, emptyPaged, type Paged, type RecordLike } from '../../lib/paging';

/**
 * @param fetchPage one request for the page after `cursor` (null: the first)
 * @param active only a signed-in page loads
 * @example const { list, failure, load, end } = usePaged((cursor) => request(feedbackList, { cursor, limit: 20, locale }), signedIn)
 */
export function usePaged<T extends RecordLike>(fetchPage: (cursor: string | null) => Promise<{ items: T[]; next: string | null }>, active: boolean) {
  const [list, setList] = useState<Paged<T>>(emptyPaged);
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const end = useRef<HTMLDivElement>(null);
  // A ref, not the state: the observer and a tap can both ask before a render.
  const busy = useRef(false);

  const load = async (fresh = false) => {
    if (busy.current || (!fresh && list.done)) return;
    busy.current = true;
    setLoading(true);
    setFailure(null);
    try {
      const page = await fetchPage(fresh ? null : list.next);
      setList((current) => addPage(current, page, fresh));
    } catch (error) {
      setFailure(messageKey(error));
    } finally {
      busy.current = false;
      setLoading(false);
    }
  };

  useEffect(() => {
    const target = end.current;
    if (!target || list.done || failure || !active) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && void load(), { rootMargin: '200px' });
    observer.observe(target);
    return () => observer.disconnect();
  }, [list, failure, active]);

  return { list, loading, failure, load, end, started: list.items.length > 0 || list.done };
}
