import { createDemoDataRepository } from '../repositories/demoData';
import { createConfirmedUser } from '../services/createUser';
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
  await createDemoDataRepository(tx).dateJoined(joined, tx);
};
