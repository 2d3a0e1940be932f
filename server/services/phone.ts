import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { fieldError } from '../errors';

/** A Nigerian phone number in any usual writing (0803…, 234803…, +234 803 …) as `+234…`. */
export function normalizeNigerianPhone(input: string, field = 'phone'): string {
  const parsed = parsePhoneNumberFromString(input, 'NG');
  if (!parsed || !parsed.isValid() || parsed.country !== 'NG') {
    throw fieldError(field, `${field} must be a valid Nigerian phone number`);
  }
  return parsed.number;
}
