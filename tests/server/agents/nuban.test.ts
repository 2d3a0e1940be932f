import { describe, expect, it } from 'vitest';
import { banks } from '../../../reference/banks';
import { isValidNuban, nubanCheckDigit, nubanInstitutionCode } from '../../../reference/nuban';

describe('NUBAN check digit', () => {
  it("gives the CBN circular's worked example: First Bank 011, serial 000001457 → 9", () => {
    expect(nubanCheckDigit('011', '000001457')).toBe(9);
    expect(isValidNuban('011', '0000014579')).toBe(true);
  });

  it.each([
    ['058', '0123456785'], // GTBank
    ['044', '0691234560'], // Access: a check digit of 10 is written 0
    ['057', '2210987656'], // Zenith
    ['50211', '2024567891'], // a 5-digit institution code, prefixed with 9
    ['50515', '5001234565'],
    ['999992', '8123456787'], // a 6-digit code, as it is
    ['120001', '5009876546'],
  ])('accepts %s %s and refuses every other last digit', (code, nuban) => {
    expect(isValidNuban(code, nuban)).toBe(true);
    for (let d = 0; d <= 9; d++) {
      if (String(d) === nuban[9]) continue;
      expect(isValidNuban(code, nuban.slice(0, 9) + d)).toBe(false);
    }
  });

  it('depends on the bank: a valid GTBank number is not a valid Access number', () => {
    expect(isValidNuban('058', '0123456785')).toBe(true);
    expect(isValidNuban('044', '0123456785')).toBe(false);
  });

  it('prefixes 3-digit codes with 000 and 5-digit codes with 9', () => {
    expect(nubanInstitutionCode('058')).toBe('000058');
    expect(nubanInstitutionCode('50211')).toBe('950211');
    expect(nubanInstitutionCode('999992')).toBe('999992');
    expect(nubanInstitutionCode('0581')).toBeUndefined();
    expect(nubanInstitutionCode('05a')).toBeUndefined();
  });

  it('refuses numbers that are not 10 digits', () => {
    expect(isValidNuban('011', '000001457')).toBe(false);
    expect(isValidNuban('011', '00000145790')).toBe(false);
    expect(isValidNuban('011', '000001457a')).toBe(false);
  });

  it('knows every bank of the list by a code the check digit can use, each code once', () => {
    for (const b of banks) expect(nubanInstitutionCode(b.code), b.name).toHaveLength(6);
    expect(new Set(banks.map((b) => b.code)).size).toBe(banks.length);
  });
});
