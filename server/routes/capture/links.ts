import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { isOpenJobStatus } from '../../../reference/jobStatuses';
import { conflict, forbidden, notFound } from '../../errors';
import { CaptureLinkCreated } from '../../schemas/capture';
import { errorResponses } from '../../schemas/common';
import { JobIdParams } from '../../schemas/jobs';
import { issueCaptureLinks, linkJobsToAgent } from '../../services/capture';
import { isAdminArea, jobScopeOf } from '../../services/jobAccess';

/** Capture links made on request (an agent's come with the assignment: routes/jobs/moves.ts). */
const captureLinkRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { jobs, captures, accounts } = app.repos;

  app.post(
    '/job/:id/capture-link',
    {
      config: { access: 'jobs.assign', audit: 'job.capture_link' },
      schema: {
        tags: ['capture'],
        summary:
          'A new capture link for an assigned or accepted job; the previous link stops working',
        description:
          'For a job assigned to a partner company: its users, or provider staff. For a job ' +
          'assigned to an agent: provider staff (the agent is mailed the new link). The token is ' +
          'random (256 bits); the database keeps its hash and a copy sealed under a server key, ' +
          'so the job profile can show the link again. Not open for capture: 409.',
        params: JobIdParams,
        response: { 201: CaptureLinkCreated, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const a = request.account;
      if (!(await jobs.findVisible(request.params.id, jobScopeOf(a)))) {
        throw notFound('Job not found');
      }
      const link = await app.db.transaction(async (tx) => {
        const [job] = await jobs.lockForMove([request.params.id], tx);
        if (!job) throw notFound('Job not found');
        const forCompany =
          job.assignee_type === 'company' &&
          (isAdminArea(a) || (a.company_id !== null && a.company_id === job.assignee_company_id));
        const forAgent = job.assignee_type === 'agent' && isAdminArea(a);
        if (!forCompany && !forAgent) {
          throw forbidden(
            'Only the company the job is assigned to, or the provider, may create its capture link',
          );
        }
        if (!isOpenJobStatus(job.status)) {
          throw conflict(`Cannot create a capture link for ${job.code}: it is ${job.status}`);
        }
        if (forAgent) {
          const deps = { captures, captureLinks: app.captureLinks, accounts, mailer: app.mailer };
          return (await linkJobsToAgent(deps, [job.id], job.assignee_agent_id!, a.id, tx))[0]!;
        }
        const holder = { companyId: job.assignee_company_id! };
        const deps = { captures, captureLinks: app.captureLinks };
        return (await issueCaptureLinks(deps, [job.id], holder, a.id, tx))[0]!;
      });
      return reply
        .code(201)
        .send({ url: link.url, token: link.token, expires_at: link.expiresAt.toISOString() });
    },
  );
};

export default captureLinkRoutes;
