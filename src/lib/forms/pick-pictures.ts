/**
 * Screenshots from the app's picker (`acquirePicture`, asked for the room left), added to those a form
 * already holds by the screenshot rule, with the message key to show when some were refused or the
 * picker could not open; and the add/remove verbs of a form that holds screenshots.
 */
import type { ReadableAtom } from 'nanostores';
import { messageKey } from '../api/api-error';
import { BridgeError, commandWithReply } from '../bridge';
import { acquirePictureCallback } from '../../shared/bridge/calls/forms';
import { SCREENSHOT_MAX } from '../../shared/limits';
import { addPictures, type Picture } from '../../shared/forms/pictures';

// The picker is the user's to close; a host that never answers must not hold the form, so no wait is forever.
const PICKER_WAIT_MS = 10 * 60_000;

/** @example const { pictures, notice } = await pickPictures(draft.pictures) */
export async function pickPictures(current: readonly Picture[]): Promise<{ pictures: Picture[]; notice: string | null }> {
  try {
    const max = Math.max(1, SCREENSHOT_MAX - current.length) as 1 | 2 | 3 | 4 | 5;
    const picked = await commandWithReply('acquirePicture', { max }, acquirePictureCallback, { timeoutMs: PICKER_WAIT_MS });
    const { pictures, refused } = addPictures(
      current,
      picked.map((p) => ({ ...p, id: String(p.id) })),
    );
    return { pictures, notice: refused };
  } catch (error) {
    // Outside the app there is no picker: say where screenshots can be added.
    return { pictures: [...current], notice: error instanceof BridgeError && error.code === 'unavailable' ? 'shell.openInAppHint' : messageKey(error) };
  }
}

/** What a form with screenshots offers `screenshotsOf`: its pictures, and where the notice goes. */
export interface PictureForm {
  $values: ReadableAtom<{ pictures: Picture[] }>;
  update(patch: { pictures: Picture[] }): void;
  setError(field: 'pictures', key: string): void;
  clearErrors(...fields: ('pictures' | 'submit')[]): void;
}

/**
 * A form's screenshot verbs: add from the picker (a notice when some were refused or it could not
 * open), remove one. The notice is about what was picked, so a submit leaves it (the form's `keep`).
 * @example const screenshots = screenshotsOf(appealForm); await screenshots.add()
 */
export function screenshotsOf(form: PictureForm) {
  return {
    async add(): Promise<void> {
      form.clearErrors('pictures', 'submit');
      const { pictures, notice } = await pickPictures(form.$values.get().pictures);
      form.update({ pictures });
      if (notice) form.setError('pictures', notice);
    },
    remove(id: string): void {
      form.update({ pictures: form.$values.get().pictures.filter((p) => p.id !== id) });
    },
  };
}
