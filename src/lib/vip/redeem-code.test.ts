import { describe, expect, it } from 'vitest';
import { CODE_MAX_LENGTH, normalizeCode } from './redeem-code';

describe('normalizeCode', () => {
  it('drops spaces and upper-cases, as codes are printed in groups and are not case-sensitive', () => {
    expect(normalizeCode(' vip7 days ')).toEqual({ ok: true, code: 'VIP7DAYS' });
    expect(normalizeCode('dev-ab12\tcd34\n')).toEqual({ ok: true, code: 'DEV-AB12CD34' });
  });

  it('asks for a code when there is none', () => {
    expect(normalizeCode('')).toEqual({ ok: false, error: 'vip.codeEmpty' });
    expect(normalizeCode(' \u3000 ')).toEqual({ ok: false, error: 'vip.codeEmpty' });
  });

  it('refuses anything but letters, digits and dashes, and codes over the longest issued', () => {
    for (const raw of ['<img src=x>', 'VIP_7', 'ＶＩＰ７', 'a'.repeat(CODE_MAX_LENGTH + 1), "1' OR '1'='1"]) {
      expect(normalizeCode(raw), raw).toEqual({ ok: false, error: 'vip.codeInvalid' });
    }
    expect(normalizeCode('a'.repeat(CODE_MAX_LENGTH))).toEqual({ ok: true, code: 'A'.repeat(CODE_MAX_LENGTH) });
  });
});
