/**
 * A module's value loaded on first use and shared after: the verbs of a model whose code should not
 * be first-load JavaScript. A load that failed (offline, say) is forgotten, so the next use tries again
 * instead of failing for the rest of the page's life.
 * @example const purchase = once(() => import('../pay/purchase').then((m) => m.purchaseModel(…)))
 */
export function once<T>(make: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => {
    // The caller still gets the rejection; only the shared copy is dropped.
    if (!value) (value = make()).catch(() => (value = undefined));
    return value;
  };
}

/**
 * Starts watching with a model that `load` gives, once it has loaded, unless stopped before that.
 * @example useEffect(() => watchLoaded(model), [])
 */
export function watchLoaded(load: () => Promise<{ watch(): () => void }>): () => void {
  let stop: (() => void) | undefined;
  let stopped = false;
  // A model that cannot load yet is loaded again by the first tap (./with-loaded.ts), which says why.
  load().then(
    (model) => {
      if (!stopped) stop = model.watch();
    },
    () => undefined,
  );
  return () => {
    stopped = true;
    stop?.();
  };
}
