import { Type, type Static, type TInteger } from 'typebox';
import { jobStatuses, type JobStatus } from '../../reference/jobStatuses';
import { ListQuery } from './common';
import { Job } from './jobs';

/** The fields a list of companies may be sorted by. */
export const companySortFields = [
  'id',
  'name',
  'code',
  'state',
  'is_partner',
  'created_at',
] as const;

const dateTime = Type.String({ format: 'date-time' });
const nullableString = (description?: string) =>
  Type.Union([Type.String(), Type.Null()], description ? { description } : {});

export const CompanyStatus = Type.Union([Type.Literal('active'), Type.Literal('suspended')], {
  description: "suspended: none of the company's users can sign in or keep a session",
});

export const Company = Type.Object({
  id: Type.String(),
  name: nullableString('Null for an individual client who signed up without a company name'),
  code: nullableString("The company's user code: its owner's"),
  state: nullableString('State alias, e.g. lagos'),
  address: nullableString(),
  is_partner: Type.Boolean({ description: 'Takes work assigned by others' }),
  status: CompanyStatus,
  suspended_at: Type.Union([dateTime, Type.Null()], { description: 'When it was suspended' }),
  owner: Type.Union([
    Type.Object({
      id: Type.String(),
      first_name: Type.String(),
      last_name: Type.String(),
      email: Type.String(),
      phone: nullableString(),
      status: Type.Integer({ description: '1 active, 0 disabled' }),
      email_confirmed: Type.Boolean(),
    }),
    Type.Null(),
  ]),
  created_at: dateTime,
  updated_at: Type.Union([dateTime, Type.Null()]),
});
export type Company = Static<typeof Company>;

export const CompanyIdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });

export const CompanyListQuery = ListQuery(
  companySortFields,
  'JSON {q: part of the name, user code or owner email, is_partner: true|false, state, status: active|suspended, id: [ids]}',
);

export const CompanyPatchBody = Type.Object({
  is_partner: Type.Boolean({ description: 'true: the company takes assigned work' }),
});

export const CompanyStatusBody = Type.Object({ status: CompanyStatus });

const statusCounts = Type.Object({
  ...(Object.fromEntries(jobStatuses.map((s) => [s, Type.Integer()])) as Record<
    JobStatus,
    TInteger
  >),
  total: Type.Integer(),
});

export const CompanyUser = Type.Object({
  id: Type.String(),
  unique_code: Type.String(),
  role: Type.String({ description: 'company (the owner) or sub-admin (a sub-user)' }),
  full_name: Type.String(),
  email: Type.String(),
  phone: nullableString(),
  status: Type.Integer(),
  created_at: dateTime,
});

export const CompanyDetails = Type.Object({
  ...Company.properties,
  job_counts: Type.Object(
    { owned: statusCounts, assigned: statusCounts },
    { description: 'Jobs per status it owns, and assigned to it' },
  ),
  users: Type.Array(CompanyUser),
  recent_jobs: Type.Array(Job, {
    description: 'Its 10 newest jobs, owned or assigned to it, newest first',
  }),
});
export type CompanyDetails = Static<typeof CompanyDetails>;
