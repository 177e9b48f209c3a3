/**
 * Starts tracking (src/lib/track/page.ts) and the field report (src/lib/field/reporter.ts) on an
 * interactive page once the page is idle. An island that draws nothing, so that its script loads after
 * first paint like the others (client:painted); neither competes with first paint or the page's own
 * islands. A chunk that fails to load leaves this page untracked (what a previous page stored waits
 * for the next) or unreported (core noted the failure; the next page's report carries its own).
 */
import { useEffect } from 'preact/hooks';
import type { RoutePath } from '../../shared/routes';
import { usePage } from './page';

export default function Tracking({ route }: { route: RoutePath }) {
  const { locale } = usePage();
  useEffect(() => {
    const start = () => {
      import('../../lib/track/page').then(
        (tracking) => tracking.startPageTracking(document),
        () => undefined,
      );
      import('../../lib/field/reporter').then(
        (field) => field.startFieldReport({ route, locale }),
        () => undefined,
      );
    };
    // WebViews without requestIdleCallback (old Android System WebView) start on the next task.
    if ('requestIdleCallback' in window) requestIdleCallback(start, { timeout: 3000 });
    else setTimeout(start, 0);
  }, []);
  return null;
}
