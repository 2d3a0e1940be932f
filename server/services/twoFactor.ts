import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Queryable } from '../db';
import type { TwoFactorRepository } from '../repositories/twoFactor';
import { createSealer, sha256 } from './secrets';

/** The issuer authenticator apps show beside the account's email. */
const issuer = 'Verification Back-office';
/** Codes of the step before and after now are accepted too (clock drift, typing time). */
const window = 1;
const period = 30;
export const recoveryCodeCount = 10;
/** A sign-in ticket (between the password and the code) lives this long. */
export const ticketTtlMinutes = 5;

// Unambiguous letters and digits (no 0/O, 1/I/L): 10 of 31 symbols, about 50 bits a code.
const recoveryAlphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

// Stryker disable next-line StringLiteral: the label only names the account in the otpauth URL; codes never depend on it
const totpOf = (secret: string, label = '') =>
  new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period, secret });

/** `XXXXX-XXXXX`, compared without case, spaces or dashes. */
const normalizedRecoveryCode = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');

export const isTotpCode = (code: string) => /^\d{6}$/.test(code.replace(/\s/g, ''));

/** Recovery codes are stored as hashes bound to their account. */
export const recoveryCodeHash = (accountId: string, code: string) =>
  sha256(`${accountId}:${normalizedRecoveryCode(code)}`);

export function newRecoveryCodes(): string[] {
  return Array.from({ length: recoveryCodeCount }, () => {
    const chars = Array.from(
      { length: 10 },
      () => recoveryAlphabet[randomInt(recoveryAlphabet.length)],
    );
    return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
  });
}

/** The time step a TOTP code of `secret` was made for, within the window around `now`; or null. */
export function totpStep(secret: string, code: string, now = Date.now()): number | null {
  const token = code.replace(/\s/g, '');
  const delta = totpOf(secret).validate({ token, timestamp: now, window });
  return delta === null ? null : Math.floor(now / 1000 / period) + delta;
}

export type CodeCheck = 'totp' | 'recovery' | 'wrong';

/** Seals two-factor secrets under a key derived from the app's secret (the demo seeds with it). */
export const twoFactorSealer = (appSecret: string) => createSealer(appSecret, 'two-factor-secrets');

/**
 * Two-factor sign-in of one app: secrets sealed under a key derived from the app's secret (a
 * database leak alone yields none), codes checked once each.
 */
export function createTwoFactor(appSecret: string, repo: TwoFactorRepository) {
  const sealer = twoFactorSealer(appSecret);
  return {
    /** A new secret and the otpauth:// URL authenticator apps read from its QR code. */
    newSecret(accountEmail: string) {
      // Stryker disable next-line ObjectLiteral: otpauth's default size is 20 bytes too; said here for the reader
      const secret = new Secret({ size: 20 }).base32;
      return {
        secret,
        sealed: sealer.seal(secret),
        otpauth_url: totpOf(secret, accountEmail).toString(),
      };
    },

    /** The TOTP step `code` confirms for the pending secret, or null. */
    pendingStep(sealedPending: string, code: string) {
      const secret = sealer.open(sealedPending);
      return secret ? totpStep(secret, code) : null;
    },

    /**
     * Checks a code of an enabled account: a TOTP code not accepted before (its step is recorded),
     * or an unused recovery code (spent). Run in the caller's transaction.
     */
    async check(accountId: string, code: string, q: Queryable): Promise<CodeCheck> {
      const row = await repo.find(accountId, q);
      const secret = row?.secret_sealed ? sealer.open(row.secret_sealed) : undefined;
      if (!secret) return 'wrong';
      if (isTotpCode(code)) {
        const step = totpStep(secret, code);
        return step !== null && (await repo.acceptStep(accountId, step, q)) ? 'totp' : 'wrong';
      }
      const spent = await repo.spendRecoveryCode(accountId, recoveryCodeHash(accountId, code), q);
      return spent ? 'recovery' : 'wrong';
    },
  };
}

export type TwoFactor = ReturnType<typeof createTwoFactor>;
