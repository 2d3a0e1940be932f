import type { Queryable } from '../db';
import { createAccountsRepository } from '../repositories/accounts';
import { createUsersRepository } from '../repositories/users';
import { hashNewPassword } from '../services/passwordPolicy';
import { normalizeNigerianPhone } from '../services/phone';
import type { PermissionLabel } from '../../reference/permissions';

/** What the demo's people screens need from the rest of the demo: whose sub-users to add. */
export interface DemoUsersContext {
  /** The demo company whose owner gets sub-users; default the README's company@demo.ng. */
  companyOwnerEmail?: string;
}

/** Every demo sub-admin and sub-user signs in with this password (README lists the emails). */
export const demoStaffPassword = 'Staff1234!';

interface DemoPerson {
  email: string;
  first_name: string;
  last_name: string;
  phone: string;
  address: string;
  permissions: PermissionLabel[];
  /** Hours since last seen; undefined: never signed in. */
  seenHoursAgo?: number;
  disabled?: boolean;
}

const providerStaff: DemoPerson[] = [
  {
    email: 'operations@demo.ng',
    first_name: 'Emeka',
    last_name: 'Nwachukwu',
    phone: '0803 100 2001',
    address: '12 Awolowo Road, Ikoyi, Lagos',
    permissions: [
      'View Dashboard',
      'Create Job',
      'View Job History',
      'View Job Stages',
      'User management (view)',
    ],
    seenHoursAgo: 2,
  },
  {
    email: 'reviewer@demo.ng',
    first_name: 'Halima',
    last_name: 'Bello',
    phone: '0806 200 3002',
    address: '4 Ahmadu Bello Way, Kaduna',
    permissions: ['View Job History', 'View Job Stages', 'View, Print & Download Report'],
    seenHoursAgo: 27,
  },
  {
    email: 'people@demo.ng',
    first_name: 'Segun',
    last_name: 'Oyelaran',
    phone: '0816 300 4003',
    address: '9 Adetokunbo Ademola Crescent, Wuse II, Abuja',
    permissions: [
      'User management (view)',
      'Create Sub-User',
      'Delete or Disable Account',
      'View Job History',
    ],
  },
  {
    email: 'former.staff@demo.ng',
    first_name: 'Chinedu',
    last_name: 'Okonkwo',
    phone: '0703 400 5004',
    address: '31 Aba Road, Port Harcourt',
    permissions: ['View Dashboard', 'View Job History'],
    seenHoursAgo: 24 * 40,
    disabled: true,
  },
];

const companyStaff: DemoPerson[] = [
  {
    email: 'loans.officer@demo.ng',
    first_name: 'Funke',
    last_name: 'Adebayo',
    phone: '0809 500 6005',
    address: '27 Allen Avenue, Ikeja, Lagos',
    permissions: ['View Dashboard', 'Create Job', 'View Job History', 'Edit Profile'],
    seenHoursAgo: 5,
  },
  {
    email: 'accounts@demo.ng',
    first_name: 'Ibrahim',
    last_name: 'Musa',
    phone: '0812 600 7006',
    address: '27 Allen Avenue, Ikeja, Lagos',
    permissions: [
      'View Job History',
      'View Transaction History, make Payment etc',
      'View, Print & Download Report',
    ],
  },
];

/**
 * Provider sub-admins and a company's sub-users with different labels, so the people screens
 * and the permission rules have something real to show. Skips the company's sub-users when the
 * demo company is missing.
 */
export async function seedUsers(tx: Queryable, ctx: DemoUsersContext = {}) {
  const accounts = createAccountsRepository(tx);
  const users = createUsersRepository(tx);
  const passwordHash = await hashNewPassword(demoStaffPassword);
  const owner = await accounts.findByEmail(ctx.companyOwnerEmail ?? 'company@demo.ng', tx);
  const groups: [DemoPerson[], string | null][] = [[providerStaff, null]];
  if (owner?.company_id) groups.push([companyStaff, owner.company_id]);
  for (const [people, companyId] of groups) {
    for (const p of people) {
      const account = await accounts.create(
        {
          role: 'sub-admin',
          first_name: p.first_name,
          last_name: p.last_name,
          email: p.email,
          phone: normalizeNigerianPhone(p.phone),
          password_hash: passwordHash,
          company_id: companyId,
          permissions: p.permissions,
          confirmed: true,
          address: p.address,
        },
        tx,
      );
      if (p.disabled) await users.setStatus(account.id, 0, tx);
      if (p.seenHoursAgo !== undefined) {
        await users.setLastSeen(account.id, new Date(Date.now() - p.seenHoursAgo * 3600_000), tx);
      }
    }
  }
}
