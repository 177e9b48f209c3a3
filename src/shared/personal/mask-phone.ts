/**
 * A phone number shown with all but its last four digits hidden (spec: masked except the last four).
 * @example maskPhone('+65 8123 4567') // '••••••4567'
 */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length <= 4) return digits;
  return `${'•'.repeat(digits.length - 4)}${digits.slice(-4)}`;
}
