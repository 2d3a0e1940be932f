import { findState } from '../../reference/locations';
import { jobKindLabels } from '../../reference/jobKinds';
import type { Queryable } from '../db';
import { badRequest, forbidden, notFound } from '../errors';
import type { AccountRow, AccountsRepository } from '../repositories/accounts';
import type { CapturesRepository } from '../repositories/captures';
import type { JobsRepository } from '../repositories/jobs';
import type { createJobsAssigneesRepository } from '../repositories/jobsAssignees';
import { linkJobsToAgent } from './capture';
import type { CaptureLinks } from './captureLinks';
import { actsForOwner, jobScopeOf, seesJob } from './jobAccess';
import { planMoves, writeMoves } from './jobMoves';
import type { JobStatus } from './jobStateMachine';
import type { Mailer } from './mailer';
import type { WebhookQueue } from './webhooks';

export interface JobAssignmentDeps {
  jobs: JobsRepository;
  /** Webhooks' `job.assigned` goes by it. */
  queue: WebhookQueue;
  jobsAssignees: ReturnType<typeof createJobsAssigneesRepository>;
  captures: CapturesRepository;
  /**
   * What issues an agent's capture links and mails them; without it none are issued (the demo
   * issues its links with the evidence it seeds).
   */
  linkMail?: { captureLinks: CaptureLinks; accounts: AccountsRepository; mailer: Mailer };
}

/**
 * Assigning jobs, the one use case behind the assign route and the demo: all or none, in the
 * caller's transaction. The assignee must exist (an active partner company, never the assigner's
 * own, or an approved agent: else 404); each job must be one the assigner sees (else 404), owns
 * or acts for as provider staff (else 403), not owned by the assignee (400), in a status that
 * may be assigned (409 naming it), with a TAT for its state, kind and audience (400 naming the
 * missing ones). Fixes assignee, fee and deadline, moves the jobs to `assigned`, and ends their
 * old capture links; an agent gets new ones by mail (`linkMail`). The caller flushes the mailer after commit. Who may assign
 * to agents at all is the route's access rule (`jobs.assign_to_agent`). Hooks on assignment
 * (webhooks, audit, notifications) go here.
 */
export async function assignJobs(
  deps: JobAssignmentDeps,
  assigner: Pick<AccountRow, 'id' | 'role' | 'company_id'>,
  to: { type: 'company' | 'agent'; id: string },
  jobIds: string[],
  tx: Queryable,
): Promise<{ id: string; status: JobStatus }[]> {
  const { jobs } = deps;
  const { type, id } = to;
  if (type === 'company' && assigner.company_id === id) {
    throw badRequest('A company cannot assign jobs to itself');
  }
  const assignee = await deps.jobsAssignees.find(type, id, tx);
  if (!assignee) {
    throw notFound(
      type === 'agent' ? 'Agent not found' : 'Company not found among the active partners',
    );
  }
  const ids = [...new Set(jobIds)];
  const scope = jobScopeOf(assigner);
  const locked = await jobs.lockForMove(ids, tx);
  const byId = new Map(locked.map((j) => [j.id, j]));
  const moves = [];
  for (const jobId of ids) {
    const job = byId.get(jobId);
    if (!job || !seesJob(scope, job)) throw notFound(`Job ${jobId} not found`);
    if (!actsForOwner(assigner, job))
      throw forbidden(`${job.code} is not your company's job: only its owner assigns it`);
    if (type === 'company' && job.company_id === id) {
      throw badRequest(
        `${job.code} belongs to ${assignee.name}: a job cannot be assigned to its owner`,
      );
    }
    moves.push(planMoves(job, [{ action: 'assign', reason: `Assigned to ${assignee.name}` }]));
  }
  const missing = await jobs.missingTats(ids, type, tx);
  if (missing.length) {
    const audience = type === 'agent' ? 'Agent' : 'Company';
    const what = missing.map(
      (m) => `${findState(m.state)?.name ?? m.state} / ${jobKindLabels[m.type]}`,
    );
    throw badRequest(
      `No TAT is set for ${what.join(', ')} with audience ${audience}: only the provider can set one (Settings → Set Amount)`,
    );
  }
  await jobs.setAssignee(ids, { type, id }, tx);
  await writeMoves(deps, moves, assigner.id, tx);
  // A reassigned job's old link dies; an agent gets a new one by mail.
  if (type === 'agent' && deps.linkMail) {
    await linkJobsToAgent({ ...deps.linkMail, captures: deps.captures }, ids, id, assigner.id, tx);
  } else {
    await deps.captures.revokeForJobs(ids, tx);
  }
  return moves.map((m) => ({ id: m.jobId, status: m.to }));
}
