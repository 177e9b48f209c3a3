import { describe, expect, it } from 'vitest';
import { isContentId } from '../id';
import { REASONS_BY_TYPE, REPORT_REASONS, TARGET_TYPES, reportTarget } from './reasons';

describe('reasons', () => {
  it('offers "other" last for every type, and only known reasons', () => {
    for (const type of TARGET_TYPES) {
      expect(REASONS_BY_TYPE[type].at(-1)).toBe('other');
      expect(REASONS_BY_TYPE[type].every((r) => REPORT_REASONS.includes(r))).toBe(true);
    }
  });
});

describe('reportTarget', () => {
  it("reports the host's comment, showing its text and author at once", () => {
    expect(reportTarget('comment', '?type=song&id=s01', { commentId: 'c1', content: 'Nice', author: 'Mira' })).toEqual({
      type: 'comment',
      id: 'c1',
      title: 'Nice',
      detail: 'Mira',
    });
    expect(reportTarget('comment', '', { commentId: 42 })).toEqual({ type: 'comment', id: '42' });
  });

  it('has no comment to report when the host gives none or a malformed id', () => {
    for (const commentId of [undefined, '', '<img src=x>', 'a b', 1.5, -0.1, 2 ** 60, 'x'.repeat(65)]) {
      expect(reportTarget('comment', '', { commentId: commentId as string })).toBeNull();
    }
  });

  it('reports content named by the query, falling back to the host song for a song or its lyrics', () => {
    expect(reportTarget('content', '?type=playlist&id=p-daily', {})).toEqual({ type: 'playlist', id: 'p-daily' });
    expect(reportTarget('content', '?type=lyrics', { songId: 's03' })).toEqual({ type: 'lyrics', id: 's03' });
    expect(reportTarget('content', '?type=song&id=s02', { songId: 's03' })).toEqual({ type: 'song', id: 's02' });
    expect(reportTarget('content', '?type=user', { songId: 's03' })).toBeNull();
  });

  it('refuses types and ids outside the allow-lists', () => {
    for (const search of ['', '?type=comment&id=c1', '?type=album&id=1', '?type=song&id=%3Cscript%3E', '?type=SONG&id=s01', '?type=song&id=']) {
      expect(reportTarget('content', search, {})).toBeNull();
    }
  });

  it('takes ids of letters, digits and . _ : - only', () => {
    expect(isContentId('ap-x_1.2:3')).toBe(true);
    expect(isContentId('javascript:alert(1)')).toBe(false);
  });
});
