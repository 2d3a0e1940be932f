import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { Validator } from 'react-admin';

/**
 * A Nigerian number in any usual writing (0803…, 234803…, +234 803…), by the server's rule.
 * A file of its own: only the sign-up page loads the phone number library.
 */
export const nigerianPhone: Validator = (value) => {
  if (!value) return undefined;
  const phone = parsePhoneNumberFromString(String(value), 'NG');
  return phone?.isValid() && phone.country === 'NG' ? undefined : 'app.validation.phone_nigerian';
};
