/**
 * When a page is shown again: back to it from the bfcache (a cached route), or the app resumed. The
 * lists and figures such a page shows may have changed meanwhile.
 */
import { onHost } from '../bridge';
import { onResume } from '../../shared/bridge/calls/app';

/**
 * @returns a function that stops following
 * @example useEffect(() => onShownAgain(reload), [])
 */
export function onShownAgain(refresh: () => void): () => void {
  const fromCache = (event: PageTransitionEvent) => event.persisted && refresh();
  addEventListener('pageshow', fromCache);
  const off = onHost(onResume, refresh);
  return () => {
    removeEventListener('pageshow', fromCache);
    off();
  };
}
