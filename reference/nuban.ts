/**
 * The NUBAN check digit (CBN, NUBAN scheme 2010, revised 2018 for other financial institutions).
 * A NUBAN is a 9-digit serial and a check digit. The digit is computed over the 6-digit
 * institution code and the serial, 15 digits weighted 3, 7, 3, 3, 7, 3…: a deposit money bank's
 * 3-digit code is prefixed with 000 (so its digits match the original 12-digit rule), a 5-digit
 * institution code with 9; 6-digit codes are used as they are. The digit is 10 minus the weighted
 * sum modulo 10, with 10 written as 0. Shared by the API and the application form.
 */
const weights = [3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3];

/** The 6-digit institution code the check digit is computed with; undefined for another length. */
export function nubanInstitutionCode(bankCode: string): string | undefined {
  if (!/^\d+$/.test(bankCode)) return undefined;
  if (bankCode.length === 3) return `000${bankCode}`;
  if (bankCode.length === 5) return `9${bankCode}`;
  if (bankCode.length === 6) return bankCode;
  return undefined;
}

/** The check digit of a 9-digit serial at the bank with this code. */
export function nubanCheckDigit(bankCode: string, serial: string): number {
  const institution = nubanInstitutionCode(bankCode);
  if (!institution || !/^\d{9}$/.test(serial)) {
    throw new Error('nubanCheckDigit needs a 3, 5 or 6-digit bank code and a 9-digit serial');
  }
  const digits = institution + serial;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * weights[i]!;
  return (10 - (sum % 10)) % 10;
}

/** A NUBAN's shape, whatever the bank: 10 digits. */
export const isNubanShaped = (accountNumber: string) => /^\d{10}$/.test(accountNumber);

/** Whether `accountNumber` is 10 digits whose last is the check digit for this bank. */
export function isValidNuban(bankCode: string, accountNumber: string): boolean {
  if (!isNubanShaped(accountNumber) || !nubanInstitutionCode(bankCode)) return false;
  return nubanCheckDigit(bankCode, accountNumber.slice(0, 9)) === Number(accountNumber[9]);
}
