import { describe, expect, it } from 'vitest';
import { checkContact } from './contact';

describe('checkContact', () => {
  it.each([
    ['me@example.com', 'email', 'me@example.com'],
    ['  first.last+music@mail.co.id ', 'email', 'first.last+music@mail.co.id'],
    ['+65 8123 4567', 'phone', '+6581234567'],
    ['0812-3456-7890', 'phone', '081234567890'],
    ['(02) 8123 4567', 'phone', '0281234567'],
    ['13800138000', 'phone', '13800138000'],
  ])('accepts %j as %s', (raw, kind, value) => {
    expect(checkContact(raw)).toEqual({ ok: true, kind, value });
  });

  it.each([
    ['', 'error.contactEmpty'],
    ['   ', 'error.contactEmpty'],
    ['a@b', 'error.emailFormat'],
    ['@example.com', 'error.emailFormat'],
    ['me@@example.com', 'error.emailFormat'],
    ['me @example.com', 'error.emailFormat'],
    [`${'a'.repeat(250)}@b.co`, 'error.emailFormat'],
    ['12345', 'error.phoneFormat'],
    ['1234567890123456', 'error.phoneFormat'],
    ['+65+8123 4567', 'error.contactInvalid'],
    ['call me', 'error.contactInvalid'],
    ['８１２３４５６７', 'error.contactInvalid'],
  ])('refuses %j with %s', (raw, error) => {
    expect(checkContact(raw)).toEqual({ ok: false, error });
  });
});
