import { HttpResponse } from 'msw';
import type { Company, CompanyDetails } from '../../../src/resources/companies/types';
import { makeJob, zeroCounts } from './jobsFixtures';

export const makeCompany = (n: number, over: Partial<Company> = {}): Company => ({
  id: `c0000000-0000-4000-8000-00000000000${n}`,
  name: `Company ${n} Ltd`,
  code: `CMP-00000${n}`,
  state: 'lagos',
  address: `${n} Broad Street`,
  is_partner: false,
  status: 'active',
  suspended_at: null,
  owner: {
    id: `a0000000-0000-4000-8000-00000000000${n}`,
    first_name: 'Bola',
    last_name: `Owner${n}`,
    email: `owner${n}@example.ng`,
    phone: '+2348031234567',
    status: 1,
    email_confirmed: true,
  },
  created_at: '2025-03-04T09:00:00.000Z',
  updated_at: null,
  ...over,
});

/** A `GET /companies` answer in ra-data-simple-rest form. */
export const companiesPage = (companies: Company[], total = companies.length) =>
  HttpResponse.json(companies, {
    headers: {
      'Content-Range': `companies 0-${Math.max(companies.length - 1, 0)}/${total}`,
      'Access-Control-Expose-Headers': 'Content-Range',
    },
  });

/** Counts per status as company information shows them (no overdue). */
const counts = (over: Partial<CompanyDetails['job_counts']['owned']> = {}) => {
  const zero: Partial<typeof zeroCounts> = { ...zeroCounts };
  delete zero.overdue;
  return { ...(zero as CompanyDetails['job_counts']['owned']), ...over };
};

export const makeCompanyDetails = (
  n: number,
  over: Partial<CompanyDetails> = {},
): CompanyDetails => ({
  ...makeCompany(n, { name: 'Kano Verify Ltd', state: 'kano', address: '3 Murtala Way' }),
  job_counts: {
    owned: counts({ pending: 4, approved: 2, total: 6 }),
    assigned: counts({ accepted: 3, total: 3 }),
  },
  users: [
    {
      id: 'u1',
      unique_code: 'CMP-000021',
      role: 'company',
      full_name: 'Aisha Bello',
      email: 'aisha@kanoverify.ng',
      phone: '+2348031234567',
      status: 1,
      created_at: '2025-03-04T09:00:00.000Z',
    },
    {
      id: 'u2',
      unique_code: 'SUB-000022',
      role: 'sub-admin',
      full_name: 'Sani Musa',
      email: 'sani@kanoverify.ng',
      phone: null,
      status: 0,
      created_at: '2025-03-05T09:00:00.000Z',
    },
  ],
  recent_jobs: [makeJob(7)],
  ...over,
});
