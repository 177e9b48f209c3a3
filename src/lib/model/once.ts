/**
 * A module's value loaded on first use and shared after: the verbs of a model whose code should not
 * be first-load JavaScript.
 * @example const purchase = once(() => import('../pay/purchase').then((m) => m.purchaseModel(…)))
 */
export function once<T>(make: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => (value ??= make());
}

/**
 * Starts watching with a model that `load` gives, once it has loaded, unless stopped before that.
 * @example useEffect(() => watchLoaded(model), [])
 */
export function watchLoaded(load: () => Promise<{ watch(): () => void }>): () => void {
  let stop: (() => void) | undefined;
  let stopped = false;
  void load().then((model) => {
    if (!stopped) stop = model.watch();
  });
  return () => {
    stopped = true;
    stop?.();
  };
}
