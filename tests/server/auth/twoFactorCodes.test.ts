import { TOTP } from 'otpauth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Queryable } from '../../../server/db';
import type { TwoFactorRepository } from '../../../server/repositories/twoFactor';
import { createSealer, sha256 } from '../../../server/services/secrets';
import {
  createTwoFactor,
  isTotpCode,
  newRecoveryCodes,
  recoveryCodeCount,
  recoveryCodeHash,
  totpStep,
  twoFactorSealer,
} from '../../../server/services/twoFactor';

/**
 * Two-factor codes without the app: TOTP steps and their window, recovery codes and their hashes,
 * sealed secrets, and the check of a code against a repository held in memory. (The sign-in
 * flow through the API is in twoFactor.test.ts and twoFactorPolicy.test.ts.)
 */

const appSecret = 'an-app-secret-of-the-tests-0123456789abcdef';
const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const account = '11111111-1111-4111-8111-111111111111';
const tx = {} as Queryable;
const codeAt = (timestamp: number, s = secret) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: s }).generate({ timestamp });

afterEach(() => vi.useRealTimers());

describe('codes', () => {
  it('a TOTP code is six digits, spaces aside', () => {
    expect(['123456', '123 456', ' 000000 '].map(isTotpCode)).toEqual([true, true, true]);
    expect(['12345', '1234567', 'abcdef', '12345a', 'ABCDE-FGHJK'].map(isTotpCode)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('answers the step a code was made for, one step either side of now, or null', () => {
    const now = Date.UTC(2026, 0, 15, 10, 0, 10);
    const step = Math.floor(now / 30_000);
    expect(totpStep(secret, codeAt(now), now)).toBe(step);
    expect(totpStep(secret, codeAt(now - 30_000), now)).toBe(step - 1);
    expect(totpStep(secret, codeAt(now + 30_000), now)).toBe(step + 1);
    expect(totpStep(secret, codeAt(now - 60_000), now)).toBeNull();
    expect(totpStep(secret, codeAt(now + 60_000), now)).toBeNull();
    const code = codeAt(now);
    expect(totpStep(secret, `${code.slice(0, 3)} ${code.slice(3)}`, now)).toBe(step);
  });

  it('checks codes against the clock by default', () => {
    const now = Date.UTC(2026, 0, 15, 10, 0, 10);
    vi.useFakeTimers({ now, toFake: ['Date'] });
    expect(totpStep(secret, codeAt(now))).toBe(Math.floor(now / 30_000));
  });

  it('makes ten recovery codes of unambiguous symbols, XXXXX-XXXXX, all different', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(recoveryCodeCount);
    expect(recoveryCodeCount).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[A-HJKMNP-Z2-9]{5}-[A-HJKMNP-Z2-9]{5}$/);
    expect(new Set(codes).size).toBe(10);
    // Across many codes every symbol turns up, and no 0, O, 1, I or L.
    const symbols = new Set(
      Array.from({ length: 30 }, newRecoveryCodes).flat().join('').replace(/-/g, ''),
    );
    expect([...symbols].sort().join('')).toBe('23456789ABCDEFGHJKMNPQRSTUVWXYZ');
  });

  it('hashes a recovery code bound to its account, whatever its case, spaces or dash', () => {
    const hash = recoveryCodeHash(account, 'ABCDE-FGHJK');
    expect(hash).toBe(sha256(`${account}:ABCDEFGHJK`));
    expect(recoveryCodeHash(account, ' abcde fghjk')).toBe(hash);
    expect(recoveryCodeHash(account, 'abcdefghjk')).toBe(hash);
    expect(recoveryCodeHash('22222222-2222-4222-8222-222222222222', 'ABCDE-FGHJK')).not.toBe(hash);
  });
});

describe('sealed secrets', () => {
  it('opens under the same app secret only', () => {
    const sealed = twoFactorSealer(appSecret).seal(secret);
    expect(sealed).not.toContain(secret);
    expect(twoFactorSealer(appSecret).open(sealed)).toBe(secret);
    expect(twoFactorSealer(`${appSecret}x`).open(sealed)).toBeUndefined();
  });

  it('seals under its own purpose: stored secrets open only with it', () => {
    const stored = createSealer(appSecret, 'two-factor-secrets').seal(secret);
    expect(twoFactorSealer(appSecret).open(stored)).toBe(secret);
    const otherPurpose = createSealer(appSecret, 'webhook-secrets').seal(secret);
    expect(twoFactorSealer(appSecret).open(otherPurpose)).toBeUndefined();
  });
});

describe('createTwoFactor', () => {
  function repoWith(
    row: { secret_sealed: string | null } | undefined,
    accepted = true,
    spent = true,
  ) {
    return {
      find: vi.fn(async () => row),
      acceptStep: vi.fn(async () => accepted),
      spendRecoveryCode: vi.fn(async () => spent),
    } as unknown as TwoFactorRepository & {
      acceptStep: ReturnType<typeof vi.fn>;
      spendRecoveryCode: ReturnType<typeof vi.fn>;
    };
  }

  it('makes a new 160-bit secret, sealed, and the otpauth URL an authenticator reads', () => {
    const fresh = createTwoFactor(appSecret, repoWith(undefined)).newSecret('ada@ikoyi.ng');
    expect(fresh.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(twoFactorSealer(appSecret).open(fresh.sealed)).toBe(fresh.secret);
    const url = new URL(fresh.otpauth_url);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe('/Verification Back-office:ada@ikoyi.ng');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      issuer: 'Verification Back-office',
      secret: fresh.secret,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
    expect(createTwoFactor(appSecret, repoWith(undefined)).newSecret('x').secret).not.toBe(
      fresh.secret,
    );
  });

  it("answers the pending secret's step for a current code, null for a wrong code or seal", () => {
    const tf = createTwoFactor(appSecret, repoWith(undefined));
    const sealed = twoFactorSealer(appSecret).seal(secret);
    const now = Date.now();
    expect(tf.pendingStep(sealed, codeAt(now))).toBe(Math.floor(now / 30_000));
    expect(tf.pendingStep(sealed, codeAt(now - 120_000))).toBeNull();
    expect(tf.pendingStep('v1.broken', codeAt(now))).toBeNull();
  });

  it('accepts a current TOTP code once the repository records its step', async () => {
    const sealed = twoFactorSealer(appSecret).seal(secret);
    const now = Date.now();
    const repo = repoWith({ secret_sealed: sealed });
    const tf = createTwoFactor(appSecret, repo);
    expect(await tf.check(account, codeAt(now), tx)).toBe('totp');
    expect(repo.acceptStep).toHaveBeenCalledWith(account, Math.floor(now / 30_000), tx);
    // A step already taken (a replay) is wrong; so is a code outside the window.
    expect(
      await createTwoFactor(appSecret, repoWith({ secret_sealed: sealed }, false)).check(
        account,
        codeAt(now),
        tx,
      ),
    ).toBe('wrong');
    const outside = repoWith({ secret_sealed: sealed });
    expect(
      await createTwoFactor(appSecret, outside).check(account, codeAt(now - 120_000), tx),
    ).toBe('wrong');
    expect(outside.acceptStep).not.toHaveBeenCalled();
  });

  it('spends a recovery code once, by its hash', async () => {
    const sealed = twoFactorSealer(appSecret).seal(secret);
    const repo = repoWith({ secret_sealed: sealed });
    expect(await createTwoFactor(appSecret, repo).check(account, 'abcde-fghjk', tx)).toBe(
      'recovery',
    );
    expect(repo.spendRecoveryCode).toHaveBeenCalledWith(
      account,
      recoveryCodeHash(account, 'ABCDEFGHJK'),
      tx,
    );
    expect(repo.acceptStep).not.toHaveBeenCalled();
    const spent = repoWith({ secret_sealed: sealed }, true, false);
    expect(await createTwoFactor(appSecret, spent).check(account, 'abcde-fghjk', tx)).toBe('wrong');
  });

  it('answers wrong for an account without two-factor or with a secret it cannot open', async () => {
    const now = Date.now();
    for (const row of [
      undefined,
      { secret_sealed: null },
      { secret_sealed: twoFactorSealer('another-app').seal(secret) },
    ]) {
      const repo = repoWith(row);
      expect(await createTwoFactor(appSecret, repo).check(account, codeAt(now), tx)).toBe('wrong');
      expect(await createTwoFactor(appSecret, repo).check(account, 'ABCDE-FGHJK', tx)).toBe(
        'wrong',
      );
      expect(repo.acceptStep).not.toHaveBeenCalled();
      expect(repo.spendRecoveryCode).not.toHaveBeenCalled();
    }
  });
});
