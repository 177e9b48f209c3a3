import { afterEach, describe, expect, it } from 'vitest';
import { $selfInfo, setSelfInfo } from '../stores/self-info';
import { currentTimeZone, userTimeZone } from './time-zone';

const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

afterEach(() => setSelfInfo({}));

describe('the personal pages’ time zone', () => {
  it("is the app's, as on every other page, whatever the browser's", () => {
    const other = browserZone === 'America/New_York' ? 'Asia/Singapore' : 'America/New_York';
    expect(userTimeZone(other)).toBe(other);
    setSelfInfo({ dev_timezone: other });
    expect(currentTimeZone()).toBe(other);
  });

  it("falls back to the browser's when the app gives none, or one Intl does not know", () => {
    expect(userTimeZone(undefined)).toBe(browserZone);
    expect(userTimeZone('')).toBe(browserZone);
    expect(userTimeZone('Mars/Olympus')).toBe(browserZone);
    expect(userTimeZone('"><img src=x>')).toBe(browserZone);
    expect($selfInfo.get().dev_timezone).toBe('');
    expect(currentTimeZone()).toBe(browserZone);
  });
});
