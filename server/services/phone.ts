import { toNigerianPhone } from '../../reference/phone';
import { fieldError } from '../errors';

/** A Nigerian phone number in any usual writing (0803…, 234803…, +234 803 …) as `+234…`. */
export function normalizeNigerianPhone(input: string, field = 'phone'): string {
  const phone = toNigerianPhone(input);
  if (!phone) throw fieldError(field, `${field} must be a valid Nigerian phone number`);
  return phone;
}
