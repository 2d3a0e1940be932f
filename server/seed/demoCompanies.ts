import type { Queryable } from '../db';
import { createCompaniesRepository } from '../repositories/companies';
import { createDemoDataRepository } from '../repositories/demoData';
import { createConfirmedUser } from '../services/createUser';
import { hashNewPassword } from '../services/passwordPolicy';
import { demoAccount } from './demoAccounts';
import { daysAgo, type DemoCompany, type DemoContext, type DemoSeeder } from './demoContext';

/** The password of the demo companies' owners other than README's company account. */
export const demoOwnerPassword = 'Verify-Demo-2024';

interface CompanySpec {
  name: string;
  kind: DemoCompany['kind'];
  owner: { first_name: string; last_name: string; email: string; phone: string };
  state: string;
  address: string;
  joinedDaysAgo: number;
  /** Suspended by the provider: its users cannot sign in (its history stays). */
  suspended?: true;
}

const lagosCredit = demoAccount('company');

/** Lagos Credit Ltd (README's company account) first: the biggest client. */
const companies: CompanySpec[] = [
  {
    name: lagosCredit.company_name,
    kind: 'client',
    owner: lagosCredit,
    state: 'lagos',
    address: '24 Adeola Odeku Street, Victoria Island',
    joinedDaysAgo: 135,
  },
  {
    name: 'Sterling Microfinance Bank',
    kind: 'client',
    owner: {
      first_name: 'Chioma',
      last_name: 'Nwachukwu',
      email: 'chioma@sterlingmfb.ng',
      phone: '08062114587',
    },
    state: 'abuja',
    address: '15 Aminu Kano Crescent, Wuse II',
    joinedDaysAgo: 128,
  },
  {
    name: 'QuickCash Loans Nigeria',
    kind: 'client',
    owner: {
      first_name: 'Ibrahim',
      last_name: 'Garba',
      email: 'ibrahim@quickcash.ng',
      phone: '08033457821',
    },
    state: 'kano',
    address: '8 Bompai Road, Nasarawa',
    joinedDaysAgo: 110,
  },
  {
    name: 'Harvest Insurance Brokers',
    kind: 'client',
    owner: {
      first_name: 'Oluwaseyi',
      last_name: 'Adewale',
      email: 'seyi@harvestbrokers.ng',
      phone: '08124567390',
    },
    state: 'oyo',
    address: '3 Ring Road, Ibadan',
    joinedDaysAgo: 95,
    suspended: true,
  },
  {
    name: 'FieldTrust Verification Services',
    kind: 'partner',
    owner: {
      first_name: 'Kelechi',
      last_name: 'Amadi',
      email: 'ops@fieldtrust.ng',
      phone: '08035552190',
    },
    state: 'rivers',
    address: '41 Aba Road, Port Harcourt',
    joinedDaysAgo: 132,
  },
  {
    name: 'Northgate Field Agents Ltd',
    kind: 'partner',
    owner: {
      first_name: 'Aminu',
      last_name: 'Bello',
      email: 'ops@northgate.ng',
      phone: '08098761234',
    },
    state: 'abuja',
    address: '6 Gimbiya Street, Area 11, Garki',
    joinedDaysAgo: 120,
  },
];

/**
 * Client companies, which order verifications, and partner companies, which take assigned work,
 * each with its owner. Owners other than README's company account share `demoOwnerPassword`,
 * hashed once (argon2id takes a while by design). Harvest Insurance Brokers is suspended.
 */
export const seedCompanies: DemoSeeder = async (tx, ctx) => {
  const sharedHash = await hashNewPassword(demoOwnerPassword);
  const joined = [];
  for (const c of companies) {
    const readme = c.owner.email === lagosCredit.email;
    const owner = await createConfirmedUser(
      tx,
      {
        role: 'company',
        ...c.owner,
        password: readme ? lagosCredit.password : demoOwnerPassword,
        company_name: c.name,
      },
      readme ? {} : { passwordHash: sharedHash },
    );
    const at = daysAgo(ctx, c.joinedDaysAgo);
    ctx.accounts.push({ ...owner, created_at: at });
    ctx.companies.push({
      id: owner.company_id!,
      name: c.name,
      kind: c.kind,
      ownerId: owner.id,
      state: c.state,
      address: c.address,
      created_at: at,
    });
    joined.push({ accountId: owner.id, companyId: owner.company_id, at });
  }
  const repo = createDemoDataRepository(tx);
  await repo.dateJoined(joined, tx);
  await seedCompanyProfiles(tx, ctx);
  const companiesRepo = createCompaniesRepository(tx);
  for (const c of companies.filter((c) => c.suspended)) {
    await companiesRepo.setSuspended(ctx.companies.find((d) => d.name === c.name)!.id, true);
  }
};

/**
 * The companies' partner flag, state and address.
 */
export async function seedCompanyProfiles(tx: Queryable, ctx: DemoContext) {
  await createDemoDataRepository(tx).setCompanyProfiles(
    ctx.companies.map((c) => ({
      id: c.id,
      is_partner: c.kind === 'partner',
      state: c.state,
      address: c.address,
    })),
    tx,
  );
}
