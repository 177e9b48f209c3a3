/** The bridge calls of the forms (docs/bridge.md): the keyboard, saved drafts, pictures and files. */
import * as v from 'valibot';
import { id, yesNo } from '../schemas';
import { handlerSpec, querySpec } from '../spec';

const str = v.string();
const num = v.number();

/** @example v.parse(picture, { id: 'p1', name: 'a.png', size: 10, mime: 'image/png', thumbnail: 'data:…' }) */
export const picture = v.object({ id, name: str, size: num, mime: str, thumbnail: v.optional(str) });

/** @example v.parse(pickedFile, { id: 'f1', name: 'a.mp4', size: 10, mime: 'video/mp4' }) */
export const pickedFile = v.object({ id, name: str, size: num, mime: str });

/** @example v.parse(uploadProgress, { id: 'f1', status: 'progress', progress: 40 }) */
export const uploadProgress = v.object({
  id,
  status: v.picklist(['progress', 'done', 'failed']),
  progress: v.optional(num),
  url: v.optional(str),
});

export const hasKeyboard = querySpec('hasKeyboard', yesNo, false);
// The saved state is the page's own JSON: the page checks it with its own schema.
export const restorePageState = querySpec('restorePageState', v.unknown(), '', v.object({ key: v.string() }));

export const acquirePictureCallback = handlerSpec('acquirePictureCallback', v.array(picture));
export const acquireFileCallback = handlerSpec('acquireFileCallback', pickedFile);
export const uploadFileCallback = handlerSpec('uploadFileCallback', uploadProgress);
