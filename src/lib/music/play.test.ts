import { describe, expect, it } from 'vitest';
import { playErrorKey } from './play-errors';
import { playPlan } from './play';

describe('playPlan', () => {
  const song = { id: 's1', vip: false };
  it.each([
    ['member, spatial device', { member: true, spatialDevice: true, spatial: true }, { spatial: true, notice: null }],
    ['device without spatial audio', { member: true, spatialDevice: false, spatial: true }, { spatial: false, notice: 'error.spatialUnsupported' }],
    ['non-member', { member: false, spatialDevice: true, spatial: true }, { spatial: false, notice: 'error.spatialVip' }],
    ['both: the device is said first', { member: false, spatialDevice: false, spatial: true }, { spatial: false, notice: 'error.spatialUnsupported' }],
    ['normal playback asks nothing', { member: false, spatialDevice: false, spatial: false }, { spatial: false, notice: null }],
  ])('spatial: %s', (_case, options, expected) => {
    expect(playPlan(song, options)).toMatchObject(expected);
  });

  it('previews a VIP song for 60 s for a non-member only', () => {
    expect(playPlan({ id: 'v', vip: true }, { member: false, spatialDevice: true, spatial: false }).trial).toBe(true);
    expect(playPlan({ id: 'v', vip: true }, { member: true, spatialDevice: true, spatial: false }).trial).toBe(false);
    expect(playPlan({ id: 'f', vip: false }, { member: false, spatialDevice: true, spatial: false }).trial).toBe(false);
  });
});

describe('play errors → messages', () => {
  it.each([
    ['no_copyright', 'error.noCopyright'],
    ['vip_only', 'error.vipOnly'],
    ['paid', 'error.paidSong'],
    ['unsupported_version', 'error.unsupportedVersion'],
    ['no_lyrics', 'error.noLyrics'],
    ['spatial_unsupported', 'error.spatialUnsupported'],
    ['spatial_vip', 'error.spatialVip'],
    ['something_new', 'error.generic'],
    [42, 'error.generic'],
  ])('%s → %s', (code, key) => {
    expect(playErrorKey(code)).toBe(key);
  });
});
