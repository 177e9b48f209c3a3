/**
 * Starts tracking (src/lib/track/page.ts) on an interactive page once the page is idle. An island
 * that draws nothing, so that its script loads after first paint like the others (client:painted);
 * tracking never competes with first paint or the page's own islands. A chunk that fails to load
 * leaves this page untracked; what a previous page stored waits for the next.
 */
import { useEffect } from 'react';

export default function Tracking() {
  useEffect(() => {
    const start = () =>
      import('../../lib/track/page').then(
        (tracking) => tracking.startPageTracking(document),
        () => undefined,
      );
    // WebViews without requestIdleCallback (old Android System WebView) start on the next task.
    if ('requestIdleCallback' in window) requestIdleCallback(() => void start(), { timeout: 3000 });
    else setTimeout(() => void start(), 0);
  }, []);
  return null;
}
