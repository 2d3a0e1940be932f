import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { isOpenJobStatus } from '../../../reference/jobStatuses';
import { conflict, fieldError, forbidden, notFound } from '../../errors';
import { CaptureLinkCreated, CaptureLinkSms, CaptureLinkSmsBody } from '../../schemas/capture';
import { errorResponses } from '../../schemas/common';
import { JobIdParams } from '../../schemas/jobs';
import { noteAudit } from '../../services/audit';
import { captureLinkSmsText, issueCaptureLinks, linkJobsToAgent } from '../../services/capture';
import { isAdminArea, jobScopeOf } from '../../services/jobAccess';
import { normalizeNigerianPhone } from '../../services/phone';
import { maskPhone, smsView } from '../../services/sms';
import { spendAttempt, throttles } from '../../services/throttles';
import { seesCaptureLink } from './detail';

/** Capture links made on request (an agent's come with the assignment: routes/jobs/moves.ts). */
const captureLinkRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { jobs, captures, accounts, rateLimits } = app.repos;

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
      return reply.code(201).send({
        url: link.url,
        loopback_public_url: app.captureLinks.loopbackPublicUrl,
        token: link.token,
        expires_at: link.expiresAt.toISOString(),
      });
    },
  );

  app.post(
    '/job/:id/capture-link/sms',
    {
      config: { access: 'jobs.list', audit: 'job.capture_link_sms' },
      schema: {
        tags: ['capture'],
        summary: "Sends the job's live capture link by SMS, to its agent or to a given number",
        description:
          'Whoever sees the link on the job page may send it: provider staff, or the users of ' +
          'the company the job is assigned to. Without `phone`, the text goes to the assigned ' +
          "agent's phone. The text is queued (sent by SMS_DRIVER, retried on failure): the " +
          'answer is 202 with its state, and the job page shows what became of it. No live ' +
          'link: 409. At most 5 texts an hour per job and 30 per user (429).',
        params: JobIdParams,
        body: CaptureLinkSmsBody,
        response: { 202: CaptureLinkSms, ...errorResponses(400, 409, 429) },
      },
    },
    async (request, reply) => {
      const a = request.account;
      const job = await jobs.findVisible(request.params.id, jobScopeOf(a));
      if (!job) throw notFound('Job not found');
      if (!seesCaptureLink(a, job)) {
        throw forbidden(
          'Only the company the job is assigned to, or the provider, may send its capture link',
        );
      }
      const given = request.body.phone;
      let to: string;
      if (given !== undefined) {
        to = normalizeNigerianPhone(given, 'phone');
      } else if (job.assignee_type === 'agent' && job.assignee_id) {
        const agent = await accounts.findById(job.assignee_id);
        if (!agent?.phone) {
          throw fieldError('phone', 'The agent has no phone number on file: give a phone number');
        }
        to = agent.phone;
      } else {
        throw fieldError(
          'phone',
          'phone is required: this job is not assigned to a field agent whose phone we know',
        );
      }
      await spendAttempt(rateLimits, reply, throttles.captureSmsPerJob, job.id);
      await spendAttempt(rateLimits, reply, throttles.captureSmsPerSender, a.id);
      const sent = await app.db.transaction(async (tx) => {
        const live = await captures.liveLink(job.id, tx);
        if (!live) {
          throw conflict(`${job.code} has no live capture link: create one first`);
        }
        const token = app.captureLinks.open(live.token_sealed);
        if (!token) {
          throw conflict(
            `The capture link of ${job.code} can no longer be shown: create a new one`,
          );
        }
        const text = captureLinkSmsText(job.code, app.captureLinks.url(token));
        return app.sms.enqueue({ jobId: job.id, to, text, sentBy: a.id }, tx);
      });
      noteAudit(request, { detail: { to: maskPhone(to), job_code: job.code } });
      return reply.code(202).send(smsView(sent));
    },
  );
};

export default captureLinkRoutes;
