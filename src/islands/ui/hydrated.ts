import { useLayoutEffect, useState } from 'preact/hooks';

/**
 * False on the first render, true from the next: an island rendered on the server must hydrate with the
 * markup it was built with (Preact keeps the server's attributes as they are), then show what the
 * stores already know, such as the session another island has just read.
 * @example const hydrated = useHydrated(); return hydrated ? <Plans /> : <Placeholder />;
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  // A layout effect: the next render comes before the browser paints, so the server's state is not
  // painted again once the page runs, and the effects that load data run after the same paint as
  // they would without this render (Preact runs the first render's effects as the next one starts).
  useLayoutEffect(() => setHydrated(true), []);
  return hydrated;
}
