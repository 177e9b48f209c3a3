/**
 * The fields of a form's draft as valibot schemas, each with its fallback: a draft comes back from
 * storage untrusted (another version of the page wrote it, or someone edited it), and a field of the
 * wrong type, an unknown choice or an absurd size becomes the empty value instead of failing the form.
 * Only a draft without its attempt key is refused whole: the form then starts afresh.
 */
import * as v from 'valibot';
import { ATTACHMENT_MAX } from '../../shared/limits';
import { addPictures, type Picture } from '../../shared/forms/pictures';
import type { Upload } from './upload';

// Far more than any field takes (descriptions stop at 400 characters, addresses at 320): a longer
// string was not typed into this page.
const STRING_MAX = 4000;

const notNull = <T>(value: T | null): value is T => value !== null;
/** A list whose bad items are dropped, not one that fails whole for one bad item. */
const listOf = <T>(item: v.GenericSchema<unknown, T>) =>
  v.pipe(
    v.array(v.fallback(v.nullable(item), null)),
    v.transform((list) => list.filter(notNull)),
  );

/**
 * What was typed, or ''.
 * @example v.parse(draftText, 42) // ''
 */
export const draftText = v.fallback(v.pipe(v.string(), v.maxLength(STRING_MAX)), '');

/**
 * A checkbox, or its default.
 * @example v.parse(draftFlag(true), 'yes') // true
 */
export const draftFlag = (fallback: boolean) => v.fallback(v.boolean(), fallback);

/**
 * One of the choices offered, or null (none chosen).
 * @example v.parse(draftChoice(['spam', 'other']), 'hack') // null
 */
export const draftChoice = <T extends string>(options: readonly T[]) => v.fallback(v.nullable(v.picklist(options)), null);

/**
 * An id (of a subject, say) or null; whether it still names something is the form's to check.
 * @example v.parse(draftId, ['x']) // null
 */
export const draftId = v.fallback(v.nullable(v.pipe(v.string(), v.maxLength(64))), null);

/**
 * The attempt key, which makes a retry the same submission on the server: required, no fallback.
 * @example v.object({ text: draftText, attempt: draftAttempt })
 */
export const draftAttempt = v.pipe(v.string(), v.minLength(16), v.maxLength(64));

const fileFields = {
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  name: v.pipe(v.string(), v.maxLength(255)),
  mime: v.pipe(v.string(), v.maxLength(100)),
  size: v.pipe(v.number(), v.integer(), v.minValue(0)),
};

const picture: v.GenericSchema<unknown, Picture> = v.object({ ...fileFields, thumbnail: v.fallback(v.optional(v.string()), undefined) });

/**
 * Screenshots, read back through the screenshot rule (jpg, png, bmp; at most five): storage is as
 * untrusted as the host.
 * @example v.parse(draftPictures, 'not a list') // []
 */
export const draftPictures = v.fallback(
  v.pipe(
    listOf(picture),
    v.transform((list) => addPictures([], list).pictures),
  ),
  [],
);

const finished: v.GenericSchema<unknown, Upload> = v.pipe(
  v.object({ ...fileFields, url: v.pipe(v.string(), v.minLength(1), v.maxLength(2000)), state: v.picklist(['done'] as const) }),
  v.transform((upload) => ({ ...upload, progress: 100 })),
);

/**
 * Finished uploads only (one still running when the page reloads cannot be followed any more), at
 * most ATTACHMENT_MAX.
 * @example v.parse(draftUploads, [{ id: 'f1', state: 'uploading' }]) // []
 */
export const draftUploads = v.fallback(
  v.pipe(
    listOf(finished),
    v.transform((list) => list.slice(0, ATTACHMENT_MAX)),
  ),
  [],
);
