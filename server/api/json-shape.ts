/**
 * A JSON body's shape, bounded before it is parsed: 1 MB of brackets is a valid size but
 * costs `JSON.parse` and the schema check tens of milliseconds of the one thread every client shares
 * (a 0.8 MB body of nested arrays took 168 ms; 32 at a time held a normal read for seconds). No body of
 * the contract comes near these bounds: the deepest is an object in an array in the request object,
 * the longest list a page of ids.
 */

/** Containers inside containers: the request object is depth 1. */
export const JSON_MAX_DEPTH = 8;
/** Values in all (every array item and object member, nested ones too). */
export const JSON_MAX_VALUES = 2_000;

/**
 * Whether `text` stays within the bounds, by one pass over its characters that skips strings (a
 * bracket inside a string is text). It does not validate the JSON: `JSON.parse` does that next, now
 * at a bounded cost. Linear, no allocation: about a millisecond per megabyte.
 * @example withinShape('{"ids":[1,2,3]}') // true
 * @example withinShape('['.repeat(9) + ']'.repeat(9)) // false: deeper than 8
 */
export function withinShape(text: string, maxDepth = JSON_MAX_DEPTH, maxValues = JSON_MAX_VALUES): boolean {
  let depth = 0;
  // Each container opened and each comma is at most one more value: a safe over-count.
  let values = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      // A backslash escapes the next character, a quote included.
      if (code === 0x5c) i++;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x5b || code === 0x7b) {
      if (++depth > maxDepth || ++values > maxValues) return false;
    } else if (code === 0x5d || code === 0x7d) {
      depth--;
    } else if (code === 0x2c && ++values > maxValues) {
      return false;
    }
  }
  return true;
}
