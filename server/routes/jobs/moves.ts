import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { findState } from '../../../reference/locations';
import { jobKindLabels } from '../../../reference/jobKinds';
import { badRequest, forbidden, notFound } from '../../errors';
import type { LockedJob } from '../../repositories/jobs';
import { errorResponses } from '../../schemas/common';
import {
  AssignBody,
  AssignParams,
  AssignResult,
  CancelBody,
  Job,
  JobIdParams,
  ReviewBody,
  ReviewParams,
  StatusUpdateBody,
} from '../../schemas/jobs';
import { isSuperAdmin } from '../../services/accountView';
import { linkJobsToAgent } from '../../services/capture';
import {
  actsForOwner,
  isAdminArea,
  isAssignee,
  jobScopeOf,
  jobView,
} from '../../services/jobAccess';
import { moveJob, planMoves, writeMoves } from '../../services/jobMoves';
import type { JobAction } from '../../services/jobStateMachine';

const moveRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { jobs, jobsAssignees, captures, accounts } = app.repos;
  const tags = ['jobs'];
  const security = [{ bearerAuth: [] }];

  /**
   * One job's transition: visible to the user (else 404), allowed to them (else 403), legal from
   * its status read under a row lock (else 409 naming it); writes the status and its event.
   */
  async function moveOne(
    request: FastifyRequest,
    jobId: string,
    action: JobAction,
    may: (job: LockedJob) => boolean,
    denied: string,
    opts: { reason?: string; rating?: number } = {},
  ) {
    const scope = jobScopeOf(request.account);
    if (!(await jobs.findVisible(jobId, scope))) throw notFound('Job not found');
    await app.db.transaction(async (tx) => {
      const [job] = await jobs.lockForMove([jobId], tx);
      if (!job) throw notFound('Job not found');
      if (!may(job)) throw forbidden(denied);
      const steps = [{ action, reason: opts.reason }];
      await moveJob(jobs, job, steps, request.account.id, tx, opts.rating ?? null);
    });
    return jobView((await jobs.findVisible(jobId, scope))!);
  }

  app.patch(
    '/job/assign/:type/:id',
    {
      config: { access: 'jobs.assign' },
      schema: {
        tags,
        security,
        summary: 'Assign jobs to a company or an agent (agents: super-admins only); all or none',
        description:
          'Each job must be pending, assigned or declined (409 naming the job and its status). Sets ' +
          '`assigned_at` = now, `due_at` = now + tatInHours and the fee from the TAT of (job state, ' +
          'job type, audience = type); a missing TAT is 400 naming it. A company assigns only its own ' +
          'jobs, only to other companies.',
        params: AssignParams,
        body: AssignBody,
        response: { 200: AssignResult, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const a = request.account;
      const { type, id } = request.params;
      if (type === 'agent' && !isSuperAdmin(a, app.config.superAdminEmails)) {
        throw forbidden('Only a super-admin may assign jobs to agents');
      }
      if (type === 'agent' && !isAdminArea(a))
        throw forbidden('Only the provider assigns jobs to agents');
      if (type === 'company' && a.company_id === id) {
        throw badRequest('A company cannot assign jobs to itself');
      }
      const assignee = await jobsAssignees.find(type, id);
      if (!assignee) {
        throw notFound(
          type === 'agent' ? 'Agent not found' : 'Company not found among the active partners',
        );
      }
      const ids = [...new Set(request.body.list)];
      const scope = jobScopeOf(a);
      await app.db.transaction(async (tx) => {
        const locked = await jobs.lockForMove(ids, tx);
        const byId = new Map(locked.map((j) => [j.id, j]));
        const moves = [];
        for (const jobId of ids) {
          const job = byId.get(jobId);
          const visible =
            job &&
            (scope.kind === 'all' ||
              (scope.kind === 'company' &&
                (job.company_id === scope.companyId ||
                  job.assignee_company_id === scope.companyId)));
          if (!job || !visible) throw notFound(`Job ${jobId} not found`);
          if (!actsForOwner(a, job))
            throw forbidden(`${job.code} is not your company's job: only its owner assigns it`);
          if (type === 'company' && job.company_id === id) {
            throw badRequest(
              `${job.code} belongs to ${assignee.name}: a job cannot be assigned to its owner`,
            );
          }
          moves.push(
            planMoves(job, [{ action: 'assign', reason: `Assigned to ${assignee.name}` }]),
          );
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
        await writeMoves(jobs, moves, a.id, tx);
        // Capture: a reassigned job's old link dies; an agent gets a new one by mail.
        if (type === 'agent') {
          const deps = { captures, captureLinks: app.captureLinks, accounts, mailer: app.mailer };
          await linkJobsToAgent(deps, ids, id, a.id, tx);
        } else {
          await captures.revokeForJobs(ids, tx);
        }
      });
      if (type === 'agent') await app.mailer.flush();
      const data = await jobs.list(
        scope,
        { ids },
        { field: 'created_at', order: 'ASC' },
        0,
        ids.length,
      );
      return { message: 'Job successfully Assigned', data: data.map(jobView) };
    },
  );

  for (const [path, action] of [
    ['accept', 'accept'],
    ['reject', 'decline'],
  ] as const) {
    app.patch(
      `/job/update-status/${path}`,
      {
        config: { access: 'jobs.stages' },
        schema: {
          tags,
          security,
          summary:
            path === 'accept'
              ? 'The assignee accepts an assigned job (→ accepted)'
              : 'The assignee declines an assigned job (→ declined)',
          body: StatusUpdateBody,
          response: { 200: Job, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        moveOne(
          request,
          request.body.jobId,
          action,
          (job) => isAssignee(request.account, { ...job }),
          `Only the assignee may ${path === 'accept' ? 'accept' : 'decline'} this job`,
          { reason: request.body.reason },
        ),
    );
  }

  app.put(
    '/job/appove-or-reject/:id/:type',
    {
      config: { access: 'jobs.stages' },
      schema: {
        tags,
        security,
        summary:
          'Approve or reject a submitted job (admins or the owner company), rating the assignee 1–5',
        params: ReviewParams,
        body: ReviewBody,
        response: { 200: Job, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      moveOne(
        request,
        request.params.id,
        request.params.type === 'approve' ? 'approve' : 'reject',
        (job) => actsForOwner(request.account, job),
        "Only the job's owner or an admin may approve or reject it",
        { reason: request.body?.reason, rating: request.body?.rating },
      ),
  );

  app.post(
    '/job/:id/cancel',
    {
      config: { access: 'jobs.cancel' },
      schema: {
        tags,
        security,
        summary: 'Cancel a job before submission (owner company or admin)',
        params: JobIdParams,
        body: Type.Optional(CancelBody),
        response: { 200: Job, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      moveOne(
        request,
        request.params.id,
        'cancel',
        (job) => actsForOwner(request.account, job),
        "Only the job's owner or an admin may cancel it",
        { reason: request.body?.reason },
      ),
  );
};

export default moveRoutes;
