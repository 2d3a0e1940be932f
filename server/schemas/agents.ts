import { Type, type Static } from 'typebox';
import { jobStatuses } from '../../reference/jobStatuses';

const dateTime = Type.String({ format: 'date-time' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) =>
  Type.Union([t, Type.Null()]);

/**
 * An approved agent: its account and its profile (the approved application). Agents made with
 * `user:create` have no application: their profile fields are null.
 */
export const Agent = Type.Object({
  id: Type.String({ description: 'The account id' }),
  code: Type.String({ description: 'The user code, AGT-000123' }),
  first_name: Type.String(),
  last_name: Type.String(),
  full_name: Type.String(),
  email: Type.String(),
  phone: Nullable(Type.String()),
  status: Type.Integer({ description: '1 active, 0 deactivated' }),
  state: Nullable(Type.String()),
  state_name: Nullable(Type.String()),
  lgas: Type.Array(Type.String()),
  nin: Nullable(Type.String()),
  bank_code: Nullable(Type.String()),
  bank_name: Nullable(Type.String()),
  account_number: Nullable(Type.String()),
  account_name: Nullable(Type.String()),
  photo_url: Nullable(Type.String()),
  application_id: Nullable(Type.String()),
  created_at: dateTime,
  jobs_total: Type.Integer(),
  average_rating: Type.Number({ description: '0–5, one decimal, of reviewed jobs; 0 when none' }),
});
export type Agent = Static<typeof Agent>;

export const AgentRecentJob = Type.Object({
  id: Type.String(),
  code: Type.String(),
  type: Type.String(),
  status: Type.String(),
  state: Type.String(),
  rating: Nullable(Type.Integer()),
  assigned_at: Nullable(dateTime),
  created_at: dateTime,
});

const JobCounts = Type.Object(
  Object.fromEntries(jobStatuses.map((st) => [st, Type.Integer()])) as Record<
    (typeof jobStatuses)[number],
    ReturnType<typeof Type.Integer>
  >,
);

export const AgentDetail = Type.Object({
  ...Agent.properties,
  job_counts: JobCounts,
  recent_jobs: Type.Array(AgentRecentJob, { description: 'The 10 newest jobs assigned to them' }),
});
export type AgentDetail = Static<typeof AgentDetail>;

export const AgentIdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
export const AgentStatusBody = Type.Object(
  { status: Type.Union([Type.Literal(0), Type.Literal(1)]) },
  { additionalProperties: false },
);
export const ApprovedAgentsQuery = Type.Object({
  search: Type.Optional(Type.String({ maxLength: 100 })),
});
