/**
 * An island's view of a store: its value now, and a new render whenever it changes. It is what
 * `useStore` of @nanostores/preact gives an island that passes no option (none does), written with the
 * hooks every island already loads: the library also brings nanostores' listenKeys with its key-path
 * parser (for its `keys` option) into every page's first load. Like it, the store is read while rendering, and
 * listened to from the effect on, where a change made in between is caught.
 */
import type { ReadableAtom } from 'nanostores';
import { useEffect, useRef, useState } from 'preact/hooks';

/**
 * The store's value, kept current.
 * @example const session = useStore($session)
 */
export function useStore<T>(store: ReadableAtom<T>): T {
  const value = store.get();
  // The value this render shows: a change is a value other than it.
  const shown = useRef(value);
  shown.current = value;
  const [, rerender] = useState<object>();
  useEffect(() => {
    const changed = (next: T) => {
      if (Object.is(next, shown.current)) return;
      shown.current = next;
      rerender({});
    };
    changed(store.value as T);
    return store.listen(changed);
  }, [store]);
  return value;
}
