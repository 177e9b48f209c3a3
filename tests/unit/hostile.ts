/**
 * Hostile input for the property tests: what a crafted link, a broken or malicious host app, or a
 * user pasting from anywhere can put in front of a page. The shell, bridge and form properties share
 * these generators so all three face the same attacker. Generators only, no assertions.
 */
import fc from 'fast-check';

/** At least 1,000 generated values per property (docs/quality.md). */
export const RUNS = { numRuns: 1000 };
/** 1,000 runs take seconds on an idle machine; a busy CI runner may need many more. */
export const PROPERTY_TIMEOUT_MS = 120_000;

/** Markup that would run script if any of it reached innerHTML or an attribute unescaped. */
export const MARKUP = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  "'><iframe srcdoc='<script>parent.x=1</script>'>",
  '</title><script>alert(1)</script>',
  '<!--',
  '&lt;b&gt;&amp;',
  '{{constructor.constructor("alert(1)")()}}',
];

/** URLs that leave the site or run script. */
export const SCRIPT_URLS = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  '//evil.example/x',
  '/\\evil.example',
  'https://evil.example/',
];

/** Values that break out of a CSS declaration or run script in old engines. */
export const CSS_BREAKOUTS = [
  'red;}body{display:none',
  '000000;background:url(javascript:alert(1))',
  'expression(alert(1))',
  '000000}html{display:none}',
  '#000000\n',
  '000000 !important',
  'url(https://evil.example/x.png)',
  '171717/**/',
  '\\30 00000',
];

/** Numbers as text that parse surprisingly: overflow, exponents, signs, fractions, other scripts' digits. */
export const ODD_NUMBERS = [
  '1e309',
  '-1e309',
  '9999999999',
  '99999999999999999999999',
  '1e21',
  '1e2',
  '2e1',
  'Infinity',
  '-Infinity',
  'NaN',
  '-1',
  '-0',
  '0',
  '0.0',
  '0.5',
  '.5',
  '5.',
  '24.50',
  '24.555',
  '36.5',
  '120',
  '120.0',
  '120.00',
  '120.01',
  '121',
  '999',
  '1000',
  '0024',
  '+24',
  ' 24',
  '24 ',
  '24px',
  '0x20',
  '1_0',
  '２４',
  '٢٤',
  '24\u200b',
  '\u202e24',
  '',
];

/** Direction overrides and marks: can reorder what a reader sees. */
export const BIDI = ['\u202E', '\u202D', '\u202A', '\u202B', '\u202C', '\u200F', '\u200E', '\u2066', '\u2067', '\u2069', '\u061C'];
/** Invisible characters (U+FEFF is also whitespace to String#trim, U+200B is not). */
export const ZERO_WIDTH = ['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', '\u00AD'];
/** Emoji: astral code points, modifiers and ZWJ sequences (one glyph, several code points). */
export const EMOJI = ['👍', '👍🏽', '👨‍👩‍👧‍👦', '🏳️‍🌈', '🧑🏿‍💻', '🇹🇭', '#️⃣', '😀'];
/** Combining marks: one glyph, several code points; a mark with nothing to sit on. */
export const COMBINING = ['e\u0301', 'Z\u0335\u0321\u0327\u031b\u0347\u0353', '\u0301', 'ก\u0e31\u0e49', 'क्षि', 'ä', 'a\u0308'];
/** Halves of surrogate pairs on their own: not valid UTF-16 text, but a JS string can hold them. */
export const LONE_SURROGATES = ['\uD800', '\uDBFF', '\uDC00', '\uDFFF', 'a\uD83D', '\uDE00b'];
/** Control, line and space characters that are not the ASCII space. */
export const CONTROLS = ['\u0000', '\u0007', '\t', '\n', '\r\n', '\u000B', '\u001B[31m', '\u007F', '\u0085', '\u2028', '\u2029', '\u00A0', '\u3000'];
/** Keys that reach Object.prototype through a careless merge. */
export const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'] as const;
/** Text a host might send that is not JSON. */
export const NOT_JSON = [
  '{oops',
  "{'a':1}",
  '{a:1}',
  'undefined',
  'NaN',
  '[1,]',
  '"unterminated',
  '\uFEFF{}',
  '{"a":1}}',
  ")]}'\n{}",
  'true false',
  '01',
  '0x10',
  '-',
  '1e',
  '[',
  '}',
  '{"a":1,}',
];

/** Every fixed hostile fragment above, one list. */
export const ATOMS: readonly string[] = [
  ...MARKUP,
  ...SCRIPT_URLS,
  ...CSS_BREAKOUTS,
  ...ODD_NUMBERS,
  ...BIDI,
  ...ZERO_WIDTH,
  ...EMOJI,
  ...COMBINING,
  ...LONE_SURROGATES,
  ...CONTROLS,
  ...PROTO_KEYS,
  ...NOT_JSON,
];

/** A lone surrogate anywhere in the range. */
export const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((unit) => String.fromCharCode(unit));

/** One short hostile fragment: a known one, or random text from the whole of Unicode. */
export const hostilePiece: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...ATOMS) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 6 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 6 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 6 }) },
  { weight: 1, arbitrary: loneSurrogate },
);

/** Short hostile text: a few fragments glued together (mixing markup, bidi, emoji, surrogates…). */
export const shortHostileString = fc.array(hostilePiece, { maxLength: 6 }).map((parts) => parts.join(''));

/** About 100 KB of text (100,000 UTF-16 units or a little more), repeated from one fragment so it is cheap to make. */
export const hugeString = fc
  .tuple(
    hostilePiece.filter((p) => p.length > 0),
    fc.constantFrom('', '<', '\u202E', '😀'),
  )
  .map(([piece, lead]) => lead + piece.repeat(Math.ceil(100_000 / piece.length)));

/**
 * Any hostile text. Roughly one value in forty is 100 KB long: enough that every property meets
 * some, few enough that they do not dominate the runtime.
 */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 30, arbitrary: shortHostileString },
  { weight: 8, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
  { weight: 1, arbitrary: hugeString },
);

/**
 * Text of up to `max` code points built from hostile fragments (emoji, ZWJ, combining marks, lone
 * surrogates…), for length rules: repeats the fragments rather than generating each character.
 */
export const longHostileString = (max: number): fc.Arbitrary<string> =>
  fc
    .tuple(
      fc.array(
        hostilePiece.filter((p) => p.length > 0),
        { minLength: 1, maxLength: 4 },
      ),
      fc.nat(max),
    )
    .map(([parts, target]) => {
      const points = [...parts.join('')];
      const out: string[] = [];
      for (let i = 0; out.length < target; i++) out.push(points[i % points.length]!);
      return out.join('');
    });

/** A number as text: the odd forms, plain ones in and out of range, and numbers wrapped in junk. */
export const hostileNumberText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...ODD_NUMBERS) },
  { weight: 2, arbitrary: fc.integer({ min: -1000, max: 1000 }).map(String) },
  {
    weight: 2,
    arbitrary: fc.tuple(fc.nat(140), fc.nat(999), fc.integer({ min: 1, max: 3 })).map(([i, f, d]) => `${i}.${String(f).padStart(3, '0').slice(0, d)}`),
  },
  { weight: 1, arbitrary: fc.double().map(String) },
  { weight: 1, arbitrary: fc.tuple(hostilePiece, fc.nat(130), hostilePiece).map(([a, n, b]) => `${a}${n}${b}`) },
  { weight: 1, arbitrary: hostileString },
);

/** A JSON object text whose `key` would set Object.prototype.polluted through a careless merge. */
const pollutionText = (key: (typeof PROTO_KEYS)[number], rest = '') =>
  key === 'constructor' ? `{"constructor":{"prototype":{"polluted":1}}${rest}}` : `{"${key}":{"polluted":1}${rest}}`;

/** 10,000 items, and 10,000 levels of nesting, as JSON text (made once: they are constants). */
const HUGE_ARRAY_TEXT = `[${Array.from({ length: 10_000 }, (_, i) => `{"id":${i},"name":"x"}`).join(',')}]`;
const DEEP_ARRAY_TEXT = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
const DEEP_OBJECT_TEXT = `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`;

/**
 * Text a host could hand over where JSON is expected: not JSON, valid JSON of any shape,
 * prototype-polluting keys, 10,000 items, deep nesting, numbers that overflow to Infinity.
 */
export const hostileJson: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NOT_JSON) },
  { weight: 3, arbitrary: fc.json({ maxDepth: 3 }) },
  { weight: 2, arbitrary: fc.constantFrom(...PROTO_KEYS).map((key) => pollutionText(key)) },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...PROTO_KEYS), fc.json({ maxDepth: 2 })).map(([key, json]) => pollutionText(key, `,"x":${json}`)) },
  { weight: 1, arbitrary: fc.constantFrom('[{"__proto__":{"polluted":1}}]', '{"a":{"__proto__":{"polluted":1}}}', '{"__proto__":[]}', '{"__proto__":null}') },
  { weight: 1, arbitrary: fc.constantFrom(HUGE_ARRAY_TEXT, DEEP_ARRAY_TEXT, DEEP_OBJECT_TEXT) },
  { weight: 1, arbitrary: fc.constantFrom('1e309', '-1e309', '{"size":1e309}', '[1e309]', '9999999999999999999999', '-0') },
  { weight: 1, arbitrary: hostileString.map((s) => JSON.stringify(s)) },
  { weight: 1, arbitrary: hostileString },
);

/**
 * Objects made by JSON.parse with `__proto__`, `constructor` or `prototype` as their own keys (what
 * a host's parsed object can carry), optionally on top of `base`'s fields.
 */
export function pollutingObject(base: fc.Arbitrary<unknown> = fc.constant({})): fc.Arbitrary<unknown> {
  return fc.tuple(base, fc.constantFrom(...PROTO_KEYS)).map(([value, key]) => {
    const json = JSON.stringify(value);
    if (!json?.startsWith('{')) return JSON.parse(pollutionText(key));
    return JSON.parse(pollutionText(key, json === '{}' ? '' : `,${json.slice(1, -1)}`));
  });
}

/** `depth` nested arrays (or objects), built without recursion. */
export function deeplyNested(depth: number, kind: 'array' | 'object'): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = kind === 'array' ? [value] : { a: value };
  return value;
}

// Made once: building 10,000 items or levels for every run would cost more than the run itself.
const DEEP = [deeplyNested(500, 'array'), deeplyNested(10_000, 'array'), deeplyNested(500, 'object'), deeplyNested(10_000, 'object')];
const HUGE = [0, 'x', null, { id: 1, name: 'x', size: 1, mime: 'image/png' }, [1], JSON.parse('{"__proto__":{"polluted":1}}')].map((item) =>
  new Array(10_000).fill(item),
);

/**
 * An object that throws on every read and every key listing, as a dead host object might; only
 * fast-check's own label for it in a failure report still works.
 */
export const throwingProxy = (): object =>
  new Proxy(
    {},
    {
      get: (_, key) => {
        if (key === fc.toStringMethod) return () => 'Proxy(throws on every read)';
        throw new Error('proxy get');
      },
      has: (_, key) => key === fc.toStringMethod,
      ownKeys: () => {
        throw new Error('proxy keys');
      },
    },
  );

/** Values that fight back when touched: throwing getters, throwing toJSON, a Proxy that throws on everything. */
export const booby = fc
  .constantFrom<() => unknown>(
    () => ({
      toJSON: () => {
        throw new Error('toJSON');
      },
    }),
    () =>
      Object.defineProperty({}, 'success', {
        enumerable: true,
        get: () => {
          throw new Error('getter');
        },
      }),
    () => throwingProxy(),
    () => {
      const cyclic: Record<string, unknown> = {};
      cyclic.self = cyclic;
      return cyclic;
    },
    () => Symbol('host'),
    () => () => 'a function',
    () => 10n ** 30n,
    () => new Date(Number.NaN),
    () => new Map([['a', 1]]),
    () => NaN,
    () => Infinity,
    () => -0,
  )
  .map((make) => make());

/**
 * Any value a host can pass to a handler or return from a query: anything at all, hostile text and
 * JSON text, 10,000-item arrays, deep nesting, polluting objects and values that throw when touched.
 */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.anything({
      maxDepth: 3,
      withNullPrototype: true,
      withBigInt: true,
      withDate: true,
      withMap: true,
      withSet: true,
      withTypedArray: true,
      withSparseArray: true,
      withBoxedValues: true,
    }),
  },
  { weight: 4, arbitrary: hostileJson },
  { weight: 2, arbitrary: hostileString },
  { weight: 2, arbitrary: pollutingObject(fc.anything({ maxDepth: 1 })) },
  { weight: 1, arbitrary: fc.constantFrom(...HUGE, ...DEEP) },
  { weight: 1, arbitrary: booby },
  { weight: 1, arbitrary: fc.constantFrom(undefined, null, '', 0, false, true, [], {}) },
);

/** A query parameter name: one of `names` (so the same name comes back several times) or any hostile one. */
const paramName = (names: readonly string[]) => fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...names) }, { weight: 1, arbitrary: shortHostileString });

/**
 * A query string as URLSearchParams, with `names` appended several times each, in any order, with
 * values from `value` (by name, or one arbitrary for all); other hostile names mixed in.
 * @example repeatedParams(['dark', 'bgColor'], hostileString) // dark=1&bgColor=…&dark=%3Cscript%3E
 */
export function repeatedParams(
  names: readonly string[],
  value: fc.Arbitrary<string> | Partial<Record<string, fc.Arbitrary<string>>>,
): fc.Arbitrary<URLSearchParams> {
  // Own keys only: a generated name may well be `constructor`.
  const valueFor = (name: string) => (value instanceof fc.Arbitrary ? value : Object.hasOwn(value, name) ? value[name]! : hostileString);
  const pair = paramName(names).chain((name) => valueFor(name).map((v) => [name, v] as const));
  return fc.array(pair, { maxLength: 12 }).map((pairs) => {
    const params = new URLSearchParams();
    for (const [name, v] of pairs) params.append(name, v);
    return params;
  });
}
