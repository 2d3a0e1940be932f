import type { JobWireAction } from '../../reference/jobStatuses';
import type { AccountRow } from '../repositories/accounts';
import type { JobRow, JobScope, LockedJob } from '../repositories/jobs';
import { areaOf } from './accountView';
import { canMove, type JobStatus } from './jobStateMachine';
import { koboToNgn } from './money';

export type { JobWireAction };

type Who = Pick<AccountRow, 'id' | 'role' | 'company_id'>;
type JobParties = Pick<
  LockedJob,
  'company_id' | 'assignee_type' | 'assignee_company_id' | 'assignee_agent_id'
> & { status: JobStatus };

/**
 * Tenancy (DESIGN §4): provider staff see every job; a company's users (owner and sub-users)
 * see the jobs it owns and those assigned to it; an agent sees the jobs assigned to them.
 */
export function jobScopeOf(a: Who): JobScope {
  const area = areaOf(a);
  if (area === 'admin') return { kind: 'all' };
  // Stryker disable next-line ConditionalExpression,LogicalOperator: equivalent, as outside the admin area only company-area accounts have a company (agents never do)
  if (area === 'company' && a.company_id) return { kind: 'company', companyId: a.company_id };
  return { kind: 'agent', agentId: a.id };
}

export const isAdminArea = (a: Who) => areaOf(a) === 'admin';

/** Whether a job is in the scope (`jobScopeOf`): the rule the repository's reads state in SQL. */
export function seesJob(
  scope: JobScope,
  job: Pick<JobParties, 'company_id' | 'assignee_company_id' | 'assignee_agent_id'>,
) {
  if (scope.kind === 'all') return true;
  if (scope.kind === 'company') {
    return job.company_id === scope.companyId || job.assignee_company_id === scope.companyId;
  }
  return job.assignee_agent_id === scope.agentId;
}

/** The owner company's users, or provider staff (every job has an owner company). */
export const actsForOwner = (a: Who, job: Pick<JobParties, 'company_id'>) =>
  isAdminArea(a) || a.company_id === job.company_id;

/**
 * A user of the assignee company, or the assigned agent. The database holds at most one of the
 * two assignee columns, the one `assignee_type` names, so the columns alone decide.
 */
export const isAssignee = (a: Who, job: JobParties) =>
  (a.company_id !== null && a.company_id === job.assignee_company_id) ||
  a.id === job.assignee_agent_id;

/**
 * What this user may do with the job now: role, status and permissions together. `may` answers
 * for the access key of each move's route (the access hook's rule book), so the profile never
 * offers a button whose call would be refused.
 */
export function allowedActions(
  a: Who,
  job: JobParties,
  may: (key: 'jobs.assign' | 'jobs.stages' | 'jobs.cancel') => boolean,
): JobWireAction[] {
  const out: JobWireAction[] = [];
  const owner = actsForOwner(a, job);
  const stages = may('jobs.stages');
  if (owner && may('jobs.assign') && canMove(job.status, 'assign')) out.push('assign');
  if (stages && isAssignee(a, job) && canMove(job.status, 'accept')) out.push('accept', 'decline');
  if (stages && owner && canMove(job.status, 'approve')) out.push('approve', 'reject');
  if (owner && may('jobs.cancel') && canMove(job.status, 'cancel')) out.push('cancel');
  return out;
}

export const iso = (d: Date | string) => new Date(d).toISOString();
export const isoOrNull = (d: Date | string | null) => (d === null ? null : iso(d));

/** A job row as the API shows it: money in NGN, times as ISO strings. */
export function jobView(j: JobRow) {
  const { price_kobo, fee_kobo, ...rest } = j;
  return {
    ...rest,
    assigned_at: isoOrNull(j.assigned_at),
    due_at: isoOrNull(j.due_at),
    created_at: iso(j.created_at),
    updated_at: iso(j.updated_at),
    price: koboToNgn(price_kobo),
    fee: koboToNgn(fee_kobo),
  };
}
