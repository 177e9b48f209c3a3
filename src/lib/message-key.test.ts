/**
 * Message keys are typed from the en-US file: `npm run test:types` (tsc) fails on a key no message
 * file has, here and in every island. The `@ts-expect-error` lines are the test: were keys plain
 * strings again, the directives would be unused and tsc would fail on them.
 */
import { describe, expect, it } from 'vitest';
import en from '../shared/messages/en-US.json';
import type { Text } from './i18n';
import type { MessageKey } from '../shared/message-key';

const lookup: Text = (key, params) => {
  const [area, name] = key.split('.') as [keyof typeof en, string];
  const value = (en[area] as Record<string, string> | undefined)?.[name] ?? key;
  return params ? value.replace(/\{(\w+)\}/g, (whole, p: string) => String(params[p] ?? whole)) : value;
};

describe('typed message keys', () => {
  it('accept the keys of the message files, with their placeholders', () => {
    const key: MessageKey = 'vip.daysLeft';
    expect(lookup(key, { days: 3 })).toBe('Days left: 3');
    expect(lookup('error.noInternet')).toBe(en.error.noInternet);
  });

  it('refuse what no message file has (checked by tsc)', () => {
    // @ts-expect-error: not a key of any message file
    const missing: MessageKey = 'vip.noSuchMessage';
    // @ts-expect-error: an area that does not exist
    expect(lookup('nowhere.title')).toBe('nowhere.title');
    expect(missing).toBe('vip.noSuchMessage');
  });
});
