/**
 * What the reference server accepts as a kit report (POST /api/dev/bridge-report): the shape
 * report.ts builds, every string and list bounded, so a report cannot grow the server's memory.
 */
import * as v from 'valibot';

const text = (max: number) => v.pipe(v.string(), v.maxLength(max));
const status = v.picklist(['pass', 'fail', 'skipped']);

export const KIT_REPORT = v.object({
  kit: v.literal('bridge-check'),
  version: v.literal(1),
  at: text(40),
  page: text(200),
  locale: text(10),
  engine: v.object({ chromium: v.nullable(v.number()), userAgent: text(500) }),
  app: v.object({ version: v.nullable(text(100)), manufacturer: v.nullable(text(100)), model: v.nullable(text(100)) }),
  automaticDone: v.boolean(),
  summary: v.object({ pass: v.number(), fail: v.number(), skipped: v.number() }),
  results: v.pipe(
    v.array(
      v.object({
        call: text(64),
        kind: v.picklist(['bridge', 'query', 'command', 'event']),
        status,
        reasons: v.pipe(v.array(v.object({ code: text(40), params: v.optional(v.record(v.string(), v.union([text(2100), v.number()]))) })), v.maxLength(10)),
        raw: v.optional(text(2100)),
        text: v.pipe(v.array(text(3000)), v.maxLength(10)),
      }),
    ),
    v.maxLength(100),
  ),
});
