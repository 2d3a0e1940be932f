import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/**
 * A Nigerian number in any usual writing (0803…, 234803…, +234 803 …) as `+234…`, or undefined.
 * The one phone rule of the sign-up, the agent application, the job fields and the web forms. It
 * uses the library's `max` metadata, which knows which numbers each prefix really has: the
 * default build checks the length only, so `0999 143 3372` passed the web form and the job fields
 * while the API's sign-up refused it.
 */
export function toNigerianPhone(input: string): string | undefined {
  const parsed = parsePhoneNumberFromString(input, 'NG');
  return parsed && parsed.isValid() && parsed.country === 'NG' ? parsed.number : undefined;
}
