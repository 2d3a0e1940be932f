import type { Db } from '../db';
import { createConfirmedUser } from '../services/createUser';
import { seedUsers } from './demoUsers';

/** Demo accounts for a new embedded database; README lists the same credentials. */
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
    permissions: [
      'View Dashboard',
      'Create Job, View Job History, View Job Stages',
      'User management (view)',
    ],
  },
] as const;

export async function seedDemoData(db: Db) {
  await db.transaction(async (tx) => {
    for (const a of demoAccounts) {
      await createConfirmedUser(tx, {
        ...a,
        permissions: 'permissions' in a ? [...a.permissions] : [],
      });
    }
    await seedUsers(tx, {});
  });
}
