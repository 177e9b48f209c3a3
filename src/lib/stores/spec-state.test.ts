// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { feedbackForm } from '../help/feedback-form';
import { $lists } from '../music/lists';
import { $playingId } from '../music/player';
import { $file } from '../personal/export';
import { $membership, setMembership } from './membership';
import { $selfInfo } from './self-info';
import * as spec from './spec-state';

afterEach(() => {
  setMembership({ isLogin: false });
  $playingId.set(null);
});

describe("spec §3's shared state under its own names", () => {
  it('names each store the spec lists where one holds it', () => {
    expect(spec.$statePlay).toBe($playingId);
    expect(spec.$musicList).toBe($lists);
    expect(spec.$pdfFile).toBe($file);
    expect(spec.$selfInfo).toBe($selfInfo);
    expect(spec.total).toBe(10);
  });

  it('follows the stores it views: the song playing and the membership fields', () => {
    expect(spec.$playing.get()).toBe(false);
    $playingId.set('s03');
    expect(spec.$playing.get()).toBe(true);

    setMembership({ isLogin: true, nickname: 'Ann', vip: { is_vip: 1, valid_time: 1_999_999_999 }, vipType: 1, svipType: 0, is_member: 1 });
    expect({ vipType: spec.$vipType.get(), svipType: spec.$svipType.get(), is_member: spec.$is_member.get(), userInfo_: spec.$userInfo_.get() }).toEqual(
      $membership.get(),
    );
    expect(spec.$userInfo_.get()?.vip).toEqual({ is_vip: 1, valid_time: 1_999_999_999 });
    expect(spec.$type.get()).toBe(feedbackForm.$values.get().type);
  });
});
