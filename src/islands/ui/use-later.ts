/**
 * A component whose code loads after the page (a form the first screen does not need): null until it
 * has arrived, `failed` when its chunk could not be fetched (offline), and `load` to ask again.
 */
import type { ComponentType } from 'preact';
import { useState } from 'preact/hooks';

/**
 * @example const form = useLater(() => import('./parts/ReportForm').then((m) => m.ReportForm)); form.load()
 */
export function useLater<P>(fetch: () => Promise<ComponentType<P>>) {
  const [Part, setPart] = useState<ComponentType<P> | null>(null);
  const [failed, setFailed] = useState(false);
  const load = () => {
    if (Part) return;
    setFailed(false);
    fetch().then(
      (component) => setPart(() => component),
      () => setFailed(true),
    );
  };
  return { Part, failed, load };
}
