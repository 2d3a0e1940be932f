import { fieldError } from '../errors';
import { hashPassword } from './secrets';

export const commonPasswordMessage =
  'This password is one of the most commonly used passwords, which attackers try first. ' +
  'Please choose a less common one.';

let commonPasswords: Promise<Set<string>> | undefined;

/**
 * zxcvbn's ranked list of about 49,000 common passwords, loaded on first use (a few MB that
 * only sign-up and password changes need), lower-cased so that `Password1` counts as `password1`.
 */
function loadCommonPasswords() {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].map((p) => p.toLowerCase())),
  );
  return commonPasswords;
}

export async function isCommonPassword(password: string) {
  return (await loadCommonPasswords()).has(password.toLowerCase());
}

/** The hash of a password being set (sign-up, reset, CLI); a common one is a 400 on `field`. */
export async function hashNewPassword(password: string, field = 'password') {
  if (await isCommonPassword(password)) throw fieldError(field, commonPasswordMessage);
  return hashPassword(password);
}
