import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { forbidden, notFound } from '../../errors';
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
import { noteAudit } from '../../services/audit';
import { actsForOwner, isAssignee, jobScopeOf, jobView } from '../../services/jobAccess';
import { assignJobs } from '../../services/jobAssignment';
import { moveJob } from '../../services/jobMoves';
import type { JobAction } from '../../services/jobStateMachine';

const moveRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { jobs, jobsAssignees, captures, accounts } = app.repos;
  const assigning = {
    jobs,
    queue: app.queue,
    jobsAssignees,
    captures,
    linkMail: { captureLinks: app.captureLinks, accounts, mailer: app.mailer },
  };
  const tags = ['jobs'];

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
      await moveJob(
        { jobs, queue: app.queue },
        job,
        steps,
        request.account.id,
        tx,
        opts.rating ?? null,
      );
    });
    return jobView((await jobs.findVisible(jobId, scope))!);
  }

  app.patch(
    '/job/assign/:type/:id',
    {
      config: { access: 'jobs.assign', audit: 'job.assign' },
      schema: {
        tags,
        summary: 'Assign jobs to a company or an agent (agents: super-admins only); all or none',
        description:
          'Each job must be pending, assigned or declined (409 naming the job and its status). Sets ' +
          '`assigned_at` = now, `due_at` = now + tatInHours and the fee from the TAT of (job state, ' +
          'job type, audience = type); a missing TAT is 400 naming it. A company assigns only its own ' +
          'jobs, only to other companies.',
        params: AssignParams,
        body: AssignBody,
        response: { 200: AssignResult, ...errorResponses(409) },
      },
    },
    async (request) => {
      const a = request.account;
      const { type, id } = request.params;
      if (type === 'agent' && !app.allows(request, 'jobs.assign_to_agent')) {
        // Worded for what is missing: a super-admin outside the provider lacks the area.
        throw forbidden(
          isSuperAdmin(a, app.config.superAdminEmails)
            ? 'Only the provider assigns jobs to agents'
            : 'Only a super-admin may assign jobs to agents',
        );
      }
      const ids = [...new Set(request.body.list)];
      noteAudit(request, { targetType: type });
      await app.db.transaction((tx) => assignJobs(assigning, a, { type, id }, ids, tx));
      const data = await jobs.list(
        jobScopeOf(a),
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
        config: { access: 'jobs.stages', audit: `job.${action}` },
        schema: {
          tags,
          summary:
            path === 'accept'
              ? 'The assignee accepts an assigned job (→ accepted)'
              : 'The assignee declines an assigned job (→ declined)',
          body: StatusUpdateBody,
          response: { 200: Job, ...errorResponses(404, 409) },
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
      config: { access: 'jobs.stages', audit: 'job.review' },
      schema: {
        tags,
        summary:
          'Approve or reject a submitted job (admins or the owner company), rating the assignee 1–5',
        params: ReviewParams,
        body: ReviewBody,
        response: { 200: Job, ...errorResponses(409) },
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
      config: { access: 'jobs.cancel', apiKey: true, audit: 'job.cancel' },
      schema: {
        tags,
        summary: 'Cancel a job before submission (owner company or admin)',
        params: JobIdParams,
        body: Type.Optional(CancelBody),
        response: { 200: Job, ...errorResponses(409) },
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
