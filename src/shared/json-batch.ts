/**
 * A batch sent as plain JSON text, as `sendBeacon` sends it (tracking's, src/shared/track/batch.ts;
 * the field reports', src/shared/field/contract.ts): read within its byte bound, then as JSON, then
 * against its schema.
 */
import * as v from 'valibot';

/** What a batch's reader answers. @example const refused: ParsedJsonBatch<never> = { ok: false, message: 'events: …' } */
export type ParsedJsonBatch<T> = { ok: true; batch: T } | { ok: false; message: string };

/**
 * Never throws; a refusal says where the batch broke the contract, as the server answers it (422).
 * @example parseJsonBatch(TRACK_BATCH, TRACK_BODY_MAX_BYTES, new TextEncoder().encode('{"events":"x"}')) // { ok: false, message: 'events: …' }
 */
export function parseJsonBatch<S extends v.GenericSchema>(schema: S, maxBytes: number, body: Uint8Array): ParsedJsonBatch<v.InferOutput<S>> {
  if (body.byteLength > maxBytes) return { ok: false, message: `The batch is larger than ${maxBytes / 1024} KB.` };
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body));
  } catch {
    return { ok: false, message: 'The batch is not UTF-8 JSON.' };
  }
  const result = v.safeParse(schema, json, { abortEarly: true });
  if (result.success) return { ok: true, batch: result.output };
  const issue = result.issues[0];
  return { ok: false, message: `${v.getDotPath(issue) ?? 'batch'}: ${issue.message}` };
}
