import { describe, expect, it } from 'vitest';
import { SCREENSHOT_MAX } from '../limits';
import { addPictures, safeThumbnail, type Picture } from './pictures';

describe('addPictures', () => {
  const pic = (id: string, mime = 'image/png', name = `${id}.png`): Picture => ({ id, name, size: 1, mime });

  it('takes jpg, png and bmp by type or by name, and refuses the rest', () => {
    const { pictures, refused } = addPictures([], [pic('a', 'image/jpeg'), pic('b', 'image/bmp'), pic('c', '', 'c.JPG'), pic('d', 'image/gif', 'd.gif')]);
    expect(pictures.map((p) => p.id)).toEqual(['a', 'b', 'c']);
    expect(refused).toBe('form.screenshotType');
  });

  it(`stops at ${SCREENSHOT_MAX} and skips a picture already attached`, () => {
    const first = addPictures([], [pic('1'), pic('2'), pic('3')]);
    expect(first.refused).toBeNull();
    const second = addPictures(first.pictures, [pic('3'), pic('4'), pic('5'), pic('6')]);
    expect(second.pictures.map((p) => p.id)).toEqual(['1', '2', '3', '4', '5']);
    expect(second.refused).toBe('form.screenshotMax');
  });
});

describe('safeThumbnail', () => {
  it('shows inline png, jpeg and bmp images only', () => {
    expect(safeThumbnail('data:image/png;base64,iVBORw0KGgo=')).toBe('data:image/png;base64,iVBORw0KGgo=');
    for (const bad of [
      undefined,
      '',
      'https://tracker.example/p.png',
      'javascript:alert(1)',
      'data:image/svg+xml;base64,PHN2Zz4=',
      'data:text/html;base64,PHNjcmlwdD4=',
      'data:image/png;base64,abc"onerror="x',
    ]) {
      expect(safeThumbnail(bad)).toBeUndefined();
    }
  });
});
