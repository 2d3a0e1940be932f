import { createDemoDataRepository } from '../repositories/demoData';
import { createTwoFactorRepository } from '../repositories/twoFactor';
import { createConfirmedUser } from '../services/createUser';
import { createSealer, randomToken } from '../services/secrets';
import { daysAgo, type DemoSeeder } from './demoContext';

/** The demo's sign-ins that README lists; keep both in step. */
export const demoAccounts = [
  {
    role: 'admin',
    email: 'admin@demo.ng',
    password: 'Admin1234!',
    first_name: 'Ada',
    last_name: 'Okafor',
    phone: '08030000001',
  },
  {
    role: 'company',
    email: 'company@demo.ng',
    password: 'Company1234!',
    first_name: 'Tunde',
    last_name: 'Bakare',
    phone: '08030000002',
    company_name: 'Lagos Credit Ltd',
  },
  {
    role: 'sub-admin',
    email: 'subadmin@demo.ng',
    password: 'Subadmin1234!',
    first_name: 'Ngozi',
    last_name: 'Eze',
    phone: '08030000003',
    permissions: ['View Dashboard', 'Create Job', 'User management (view)'],
  },
] as const;

type DemoAccount = (typeof demoAccounts)[number];

/**
 * A staff account with two-factor sign-in on, to try it with an authenticator app: README gives
 * its secret. Not among `demoAccounts`, whose sign-ins the browser tests use with a password only.
 */
export const twoFactorDemoAccount = {
  role: 'sub-admin',
  email: 'secure@demo.ng',
  password: 'Secure1234!',
  first_name: 'Kemi',
  last_name: 'Adeyemi',
  phone: '08030000004',
  permissions: ['View Dashboard', 'View Job History'],
  /** Base32: type it into an authenticator app, or scan otpauth://totp/…?secret=it. */
  secret: 'JBSWY3DPEHPK3PXP',
} as const;

/** README's account of this role. */
export const demoAccount = <R extends DemoAccount['role']>(role: R) =>
  demoAccounts.find((a): a is Extract<DemoAccount, { role: R }> => a.role === role)!;

/** The provider's staff: the admin (super-admin by role) and a sub-admin with a few labels. */
export const seedStaff: DemoSeeder = async (tx, ctx) => {
  const joined = [];
  for (const [role, days] of [
    ['admin', 150],
    ['sub-admin', 140],
  ] as const) {
    const a = demoAccount(role);
    const account = await createConfirmedUser(tx, {
      ...a,
      permissions: 'permissions' in a ? [...a.permissions] : [],
    });
    const at = daysAgo(ctx, days);
    ctx.accounts.push({ ...account, created_at: at });
    joined.push({ accountId: account.id, companyId: null, at });
  }
  const { secret, ...secure } = twoFactorDemoAccount;
  const account = await createConfirmedUser(tx, {
    ...secure,
    permissions: [...secure.permissions],
  });
  const sealer = ctx.twoFactorSealer ?? createSealer(randomToken(), 'two-factor-secrets');
  const twoFactor = createTwoFactorRepository(tx);
  await twoFactor.setPending(account.id, sealer.seal(secret), tx);
  await twoFactor.enable(account.id, 0, [], tx);
  const at = daysAgo(ctx, 60);
  ctx.accounts.push({ ...account, created_at: at, two_factor_enabled: true });
  joined.push({ accountId: account.id, companyId: null, at });
  await createDemoDataRepository(tx).dateJoined(joined, tx);
};
