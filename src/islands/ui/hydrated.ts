import { useEffect, useState } from 'preact/hooks';

/**
 * False on the first render, true from the next: an island rendered on the server must hydrate with the
 * markup it was built with (Preact keeps the server's attributes as they are), then show what the
 * stores already know, such as the session another island has just read.
 * @example const hydrated = useHydrated(); return hydrated ? <Plans /> : <Placeholder />;
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
