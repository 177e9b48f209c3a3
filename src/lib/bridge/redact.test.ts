import { describe, expect, it } from 'vitest';
import { isPersonal, redactRaw } from './redact';

describe('redactRaw', () => {
  it('replaces personal values by type, at any depth, and keeps everything else as sent', () => {
    expect(redactRaw('{"phone": "+65 8000 0000","uid":7,"info":{"ip":"10.0.0.1"},"osName":"ColorOS"}')).toBe(
      '{"phone": "‹phone›","uid":0,"info":{"ip":"‹ip›"},"osName":"ColorOS"}',
    );
  });

  it('redacts escaped quotes and a string cut off by the end of broken JSON', () => {
    expect(redactRaw('{"nickname":"A \\"B\\" C","avatar":"https://x')).toBe('{"nickname":"‹nickname›","avatar":"‹avatar›"');
  });

  it('leaves a field that only ends like a personal one, and values that are not strings or numbers', () => {
    expect(redactRaw('{"myuid":"5","uid":null,"phone":true}')).toBe('{"myuid":"5","uid":null,"phone":true}');
    expect(isPersonal('account.phone')).toBe(true);
    expect(isPersonal('vip.valid_time')).toBe(false);
  });
});
