import type { Validator } from 'react-admin';
import { toNigerianPhone } from '../../../reference/phone';

/**
 * A Nigerian number in any usual writing (0803…, 234803…, +234 803…), by the server's rule.
 * A file of its own: only the sign-up page loads the phone number library.
 */
export const nigerianPhone: Validator = (value) =>
  !value || toNigerianPhone(String(value)) ? undefined : 'app.validation.phone_nigerian';
