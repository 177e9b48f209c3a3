import { describe, expect, it } from 'vitest';
import { checkPhone } from '../forms/contact';
import { addPictures } from '../forms/pictures';
import { checkFeedback, phoneRequired, type FeedbackInput } from './feedback-rules';

const valid: FeedbackInput = { type: 'music', description: 'Lyrics are out of sync.', contact: 'me@example.com', important: false, phone: '', code: '' };
const options = { phoneOptional: false, codeRequired: false };
const errorsOf = (input: Partial<FeedbackInput>, opts: Partial<typeof options> = {}) => {
  const checked = checkFeedback({ ...valid, ...input }, { ...options, ...opts });
  return checked.ok ? {} : checked.errors;
};

describe('feedback rules (spec §5)', () => {
  it('takes a complete form and sends the trimmed values', () => {
    expect(checkFeedback({ ...valid, description: '  Lyrics are out of sync.  ', contact: ' +65 8123 4567 ' }, options)).toEqual({
      ok: true,
      value: { type: 'music', description: 'Lyrics are out of sync.', contact: '+6581234567', phone: '', code: '' },
    });
  });

  it('needs a type from the list', () => {
    expect(errorsOf({ type: null })).toEqual({ type: 'form.typeRequired' });
    expect(errorsOf({ type: 'billing' })).toEqual({ type: 'form.typeRequired' });
    expect(errorsOf({ type: '__proto__' })).toEqual({ type: 'form.typeRequired' });
  });

  it.each([
    ['', 'form.descriptionRequired'],
    ['   \n\t ', 'form.descriptionRequired'],
    ['a'.repeat(399), undefined],
    ['a'.repeat(400), 'error.tooLong'],
    ['a'.repeat(401), 'error.tooLong'],
    ['歌'.repeat(399), undefined],
    ['👍'.repeat(399), undefined],
    ['👍'.repeat(400), 'error.tooLong'],
    [`${'a'.repeat(398)}\u200b`, undefined],
    ['x'.repeat(10_000), 'error.tooLong'],
  ])('description %#: %s…', (description, error) => {
    expect(errorsOf({ description }).description).toBe(error);
  });

  it.each([
    ['', 'error.contactEmpty'],
    ['me@example', 'error.emailFormat'],
    ['123', 'error.phoneFormat'],
    ['my name', 'error.contactInvalid'],
  ])('contact %j → %s', (contact, error) => {
    expect(errorsOf({ contact })).toEqual({ contact: error });
  });

  it('needs a phone number for an important question, unless the locale makes it optional', () => {
    expect(phoneRequired(true, { phoneOptional: false })).toBe(true);
    expect(phoneRequired(true, { phoneOptional: true })).toBe(false);
    expect(phoneRequired(false, { phoneOptional: false })).toBe(false);
    expect(errorsOf({ important: true })).toEqual({ phone: 'form.phoneRequired' });
    expect(errorsOf({ important: true }, { phoneOptional: true })).toEqual({});
    expect(errorsOf({ important: false, phone: 'me@example.com' })).toEqual({ phone: 'error.phoneFormat' });
    expect(checkFeedback({ ...valid, important: true, phone: '0812-3456-7890' }, options)).toMatchObject({ ok: true, value: { phone: '081234567890' } });
  });

  it('needs the code when the backend asks for one, and six digits when given', () => {
    expect(errorsOf({}, { codeRequired: true })).toEqual({ code: 'error.codeRequired' });
    expect(errorsOf({ code: '12345' }, { codeRequired: true })).toEqual({ code: 'error.codeError' });
    expect(errorsOf({ code: ' 123456 ' }, { codeRequired: true })).toEqual({});
  });

  it('reports every failed field at once', () => {
    expect(Object.keys(errorsOf({ type: null, description: '', contact: '', important: true, code: 'x' })).sort()).toEqual([
      'code',
      'contact',
      'description',
      'phone',
      'type',
    ]);
  });
});

describe('phone numbers of the nine markets', () => {
  it.each([
    ['zh-CN', '13800138000'],
    ['zh-CN', '+86 138 0013 8000'],
    ['zh-TW', '0912 345 678'],
    ['zh-TW', '+886 912 345 678'],
    ['zh-HK', '5123 4567'],
    ['zh-HK', '+852 5123 4567'],
    ['id-ID', '0812-3456-7890'],
    ['id-ID', '+62 812 3456 7890'],
    ['ms-MY', '012-345 6789'],
    ['ms-MY', '+60 12-345 6789'],
    ['fil-PH', '0917 123 4567'],
    ['fil-PH', '+63 917 123 4567'],
    ['vi-VN', '091 234 56 78'],
    ['vi-VN', '+84 91 234 56 78'],
    ['th-TH', '081 234 5678'],
    ['th-TH', '+66 81 234 5678'],
    ['en-US', '(415) 555-0123'],
    ['en-US', '+1 415 555 0123'],
  ])('%s: %s is a phone number', (_market, phone) => {
    expect(checkPhone(phone).ok).toBe(true);
  });

  it.each(['12345', '+', '++6581234567', '1234567890123456', '08l2345678', '0812 3456 789 ext 2'])('%j is not', (phone) => {
    expect(checkPhone(phone)).toEqual({ ok: false, error: 'error.phoneFormat' });
  });
});

describe('e-mail forms', () => {
  it.each(['a@b.co', 'first.last@mail.example.com', 'user+tag@example.co.id', 'ユーザー@例え.jp', 'x_y-z@sub.domain.vn'])('%s is an address', (email) => {
    expect(checkFeedback({ ...valid, contact: email }, options).ok).toBe(true);
  });

  it.each(['a@b', 'a@.com', 'a@b.', '@b.com', 'a b@c.com', 'a@@b.com', 'a@b..com'])('%s is not', (email) => {
    expect(errorsOf({ contact: email })).toEqual({ contact: 'error.emailFormat' });
  });
});

describe('screenshots: 5 and 6, bmp and gif', () => {
  const pic = (n: number, mime = 'image/png') => ({ id: `p${n}`, name: `s${n}`, size: 1, mime });
  it('takes five and refuses a sixth', () => {
    const five = addPictures(
      [],
      [1, 2, 3, 4, 5].map((n) => pic(n)),
    );
    expect(five).toEqual({ pictures: five.pictures, refused: null });
    expect(five.pictures).toHaveLength(5);
    expect(addPictures(five.pictures, [pic(6)])).toEqual({ pictures: five.pictures, refused: 'form.screenshotMax' });
  });

  it('takes a bmp and refuses a gif', () => {
    expect(addPictures([], [pic(1, 'image/bmp')]).pictures).toHaveLength(1);
    expect(addPictures([], [pic(1, 'image/gif')])).toEqual({ pictures: [], refused: 'form.screenshotType' });
  });
});
