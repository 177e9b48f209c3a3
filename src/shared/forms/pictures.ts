/** The screenshot rule of spec §5 (jpg, png or bmp, at most five) and the safe display of a host's thumbnail. */
import { SCREENSHOT_MAX } from '../limits';

/** Screenshot types of spec §5, by MIME type and by file name (hosts differ in which they fill well). */
const PICTURE_MIME = new Set(['image/jpeg', 'image/jpg', 'image/png', 'image/bmp', 'image/x-ms-bmp']);
const PICTURE_NAME = /\.(jpe?g|png|bmp)$/i;

export interface Picture {
  id: string;
  name: string;
  size: number;
  mime: string;
  thumbnail?: string;
}

/**
 * Adds the pictures the host picked to those already attached: only jpg, png and bmp, no picture twice,
 * at most SCREENSHOT_MAX in all. Says which rule refused some, so the page can tell the user why.
 * @example addPictures([], [{ id: 'p1', name: 'a.gif', size: 1, mime: 'image/gif' }]).refused // 'form.screenshotType'
 */
export function addPictures(
  current: readonly Picture[],
  picked: readonly Picture[],
): { pictures: Picture[]; refused: 'form.screenshotType' | 'form.screenshotMax' | null } {
  const pictures = [...current];
  let refused: 'form.screenshotType' | 'form.screenshotMax' | null = null;
  for (const picture of picked) {
    if (pictures.some((p) => p.id === picture.id)) continue;
    if (!PICTURE_MIME.has(picture.mime.toLowerCase()) && !PICTURE_NAME.test(picture.name)) refused ??= 'form.screenshotType';
    else if (pictures.length >= SCREENSHOT_MAX) refused = 'form.screenshotMax';
    else pictures.push(picture);
  }
  return { pictures, refused };
}

/** Whether a picture may be sent as a screenshot (the server's check of what addPictures let in). */
export const isScreenshot = (p: Pick<Picture, 'mime' | 'name'>) => PICTURE_MIME.has(p.mime.toLowerCase()) || PICTURE_NAME.test(p.name);

// A thumbnail the host sends is shown as an image only when it is an inline image of an allowed type:
// no remote URL (tracking, mixed content), no SVG (scripts), nothing that is not base64.
const THUMBNAIL = /^data:image\/(?:png|jpeg|jpg|bmp|webp);base64,[A-Za-z0-9+/]+={0,2}$/;

/**
 * The thumbnail as an `<img src>`, or undefined when it is not a safe inline image (the page then
 * shows the file name instead).
 * @example safeThumbnail('javascript:alert(1)') // undefined
 */
export function safeThumbnail(url: string | undefined): string | undefined {
  return url && url.length <= 2_000_000 && THUMBNAIL.test(url) ? url : undefined;
}
