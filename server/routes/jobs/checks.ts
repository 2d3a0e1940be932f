import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { conflict, HttpError, notFound } from '../../errors';
import { CaptureChecksSchema } from '../../schemas/captureChecks';
import { errorResponses } from '../../schemas/common';
import { JobIdParams } from '../../schemas/jobs';
import { noteAudit } from '../../services/audit';
import { checksQueueingOf, queueChecks } from '../../services/checks/runner';
import { jobScopeOf } from '../../services/jobAccess';
import { spendAttempt, throttles } from '../../services/throttles';
import { checksView } from '../capture/detail';

/** The machine checks of a job's submission, run again on a reviewer's request. */
const checksRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/jobs/:id/checks',
    {
      config: { access: 'jobs.checks', audit: 'job.checks' },
      schema: {
        tags: ['jobs'],
        summary: "Check a job's submission again (provider reviewers)",
        description:
          'Queues the machine checks of the submission again (the bill read and matched, the ' +
          'capture point against the claimed state and LGA, the selfie’s faces) and answers ' +
          'them pending; the job profile’s `capture.checks` shows them done within seconds, and ' +
          'a `job.checked` webhook is sent. 409 when the job has no submission or when the ' +
          `server runs with CHECKS=off; ${throttles.checksPerReviewer.limit} an hour per reviewer.`,
        params: JobIdParams,
        response: { 202: CaptureChecksSchema, ...errorResponses(404, 409, 429) },
      },
    },
    async (request, reply) => {
      const job = await app.repos.jobs.findVisible(request.params.id, jobScopeOf(request.account));
      if (!job) throw notFound('Job not found');
      noteAudit(request, { targetType: 'job', targetId: job.id, companyId: job.company_id });
      const submission = await app.repos.captures.submission(job.id);
      if (!submission) {
        throw conflict(`${job.code} has no submitted evidence to check yet`);
      }
      const queueing = checksQueueingOf(app);
      if (!queueing.enabled) {
        throw new HttpError(409, 'The machine checks are switched off on this server (CHECKS=off)');
      }
      await spendAttempt(
        app.repos.rateLimits,
        reply,
        throttles.checksPerReviewer,
        request.account.id,
      );
      await app.db.transaction((tx) => queueChecks(queueing, submission.id, job.id, tx));
      const checks = await app.repos.captureChecks.forJob(job.id);
      return reply.code(202).send(checksView(checks!));
    },
  );
};

export default checksRoutes;
