import { messageKey } from '../api/api-error';
import { showToast } from '../stores/ui';

/**
 * Runs `use` with the model `load` gives. When its code cannot load (the network went away after the
 * page did), a toast says why (offline: no internet) and the tap can simply be repeated.
 * @example button.onclick = () => withLoaded(model, (m) => m.pay(intent))
 */
export async function withLoaded<T>(load: () => Promise<T>, use: (model: T) => Promise<void>): Promise<void> {
  let model: T;
  try {
    model = await load();
  } catch (error) {
    showToast(messageKey(error));
    return;
  }
  await use(model);
}
