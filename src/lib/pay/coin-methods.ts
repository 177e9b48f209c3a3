/**
 * The host's payment methods for coins, in a module of its own: /k-recharge loads it once signed in
 * (the first-load budget). Imported only that way, it is its own chunk; the dynamic import of
 * ./methods itself, which /channel imports statically, made the bundler add a 0.7 KB runtime chunk
 * to /channel's first load.
 * @example const { methods, selectable } = (await import('./coin-methods')).coinMethods()
 */
import { payMethods } from './methods';

export const coinMethods = () => payMethods('coins');
