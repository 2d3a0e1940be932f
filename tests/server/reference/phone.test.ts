import { describe, expect, it } from 'vitest';
import { jobFieldDefs } from '../../../reference/jobKinds';
import { validateJobFields } from '../../../reference/jobFields';
import { toNigerianPhone } from '../../../reference/phone';
import { normalizeNigerianPhone } from '../../../server/services/phone';
import { nigerianPhone } from '../../../src/pages/public/nigerianPhone';

// The sign-up (server), the web forms and the job fields read one phone rule: a number one of
// them refuses, all refuse.
const addressExample = Object.fromEntries(jobFieldDefs.address.map((d) => [d.name, d.example]));
const verdicts = (phone: string) => ({
  rule: toNigerianPhone(phone) !== undefined,
  signUp: (() => {
    try {
      normalizeNigerianPhone(phone);
      return true;
    } catch {
      return false;
    }
  })(),
  webForm: nigerianPhone(phone, {}, {}) === undefined,
  jobFields: validateJobFields('address', { ...addressExample, phone }).ok,
});

describe('the phone rule, one for the web and the server', () => {
  it('refuses 0999 143 3372 everywhere (the length is right, no such numbers exist)', () => {
    expect(verdicts('0999 143 3372')).toEqual({
      rule: false,
      signUp: false,
      webForm: false,
      jobFields: false,
    });
  });

  it('accepts a real number in any usual writing everywhere, as +234…', () => {
    for (const phone of ['08031234567', '0803 123 4567', '2348031234567', '+234 803 123 4567']) {
      expect(verdicts(phone)).toEqual({ rule: true, signUp: true, webForm: true, jobFields: true });
      expect(toNigerianPhone(phone)).toBe('+2348031234567');
    }
  });

  it('refuses a number of another country', () => {
    expect(verdicts('+44 20 7946 0958')).toMatchObject({ rule: false, signUp: false });
  });
});
