import { findBank } from '../../reference/banks';
import { isNubanShaped, isValidNuban } from '../../reference/nuban';

export interface BankAccount {
  bank_code: string;
  account_number: string;
  account_name: string;
}

/**
 * The bank account a payout goes to, checked field by field: a bank of GET /banks, a NUBAN of 10
 * digits whose check digit matches that bank, and the account's name. Each error is given to
 * `fail` naming its field; the answer is only whole when none was.
 */
export function checkBankAccount(
  body: Record<string, unknown>,
  fail: (field: string, msg: string) => void,
): BankAccount {
  const text = (field: string) => (typeof body[field] === 'string' ? body[field].trim() : '');
  const required = (field: string) => {
    const v = text(field);
    if (!v) fail(field, `${field} is required`);
    return v;
  };
  const bank_code = required('bank_code');
  const bank = bank_code ? findBank(bank_code) : undefined;
  if (bank_code && !bank) fail('bank_code', 'bank_code is not a bank of GET /banks');
  const account_number = required('account_number');
  if (account_number && !isNubanShaped(account_number)) {
    fail('account_number', 'account_number must be a NUBAN of 10 digits');
  } else if (account_number && bank && !isValidNuban(bank.code, account_number)) {
    fail('account_number', `account_number is not a valid ${bank.name} account number (NUBAN)`);
  }
  const account_name = required('account_name');
  return { bank_code, account_number, account_name };
}

/** A bank account as the API shows it: with the bank's name. */
export const bankAccountView = (a: BankAccount) => ({
  ...a,
  bank_name: findBank(a.bank_code)?.name ?? a.bank_code,
});
