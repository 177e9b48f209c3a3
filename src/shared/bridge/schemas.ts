/**
 * The bridge payload schemas more than one area uses: ids, flags, the theme. Each area's own payloads
 * are declared with its calls (./calls/<area>.ts). The host is untrusted, so every value it returns or
 * sends passes one of these before any page code sees it.
 */
import * as v from 'valibot';

const str = v.string();
const num = v.number();

/**
 * An id as Java sends it: a string or a number depending on the field and app version. Kept as sent,
 * because some ids (pay types, order ids) go straight back to the host in a later command.
 * @example v.parse(id, 42) // 42
 */
export const id = v.union([str, num]);
/** @example const orderId: Id = 'o-1' */
export type Id = v.InferOutput<typeof id>;

/**
 * The contract's 0|1 flags (`dark`, `is_vip`): Java ints, not booleans.
 * @example v.parse(bit, 1) // 1
 */
export const bit = v.picklist([0, 1]);

/**
 * A yes/no field whose type the contract leaves open: JSON booleans or 0|1, read as a boolean.
 * @example v.parse(flag, 1) // true
 */
export const flag = v.pipe(
  v.union([v.boolean(), bit]),
  v.transform((value) => value === true || value === 1),
);

/**
 * A "true"/"false" query: JSON.parse has already made it a boolean.
 * @example v.parse(yesNo, true) // true
 */
export const yesNo = v.boolean();

/**
 * `dark()` and `h5Dark`. bgColor is six hex digits because it ends up in CSS (shell-rules `hexColor`).
 * @example v.parse(theme, { dark: 1, bgColor: '171717' })
 */
// No `i` flag: a JSON Schema pattern has none, and this one is published (/bridge-contract.json).
export const theme = v.object({ dark: bit, bgColor: v.optional(v.pipe(str, v.regex(/^#?[\dA-Fa-f]{6}$/))) });
