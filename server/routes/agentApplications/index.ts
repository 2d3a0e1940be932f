import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { banks } from '../../../reference/banks';
import { conflict, notFound } from '../../errors';
import {
  applicationSortFields,
  DuplicateAgentError,
  type AgentApplicationRow,
  type ApplicationStatus,
} from '../../repositories/agentApplications';
import { EmailTakenError } from '../../repositories/accounts';
import {
  AgentApplication,
  AgentApplicationBody,
  ApplicationIdParams,
  ApplicationReceived,
  Bank,
  DecisionBody,
  DecisionParams,
  DecisionResult,
  ListQuery,
} from '../../schemas/agentApplications';
import { BinaryFile, errorResponses } from '../../schemas/common';
import {
  checkApplicationFields,
  checkApplicationPhoto,
  maxAgentPhotoBytes,
} from '../../services/agentApplicationInput';
import { createAgentAccount } from '../../services/agentAccounts';
import { applicationView } from '../../services/agentViews';
import { csvPages, sendCsv } from '../../services/csv';
import {
  FilterOneOf,
  FilterText,
  ListFilter,
  listPageOf,
  listSpec,
  parseListQuery,
} from '../../services/listFilter';
import { sendStoredImage } from '../../services/storedImage';
import { spendAttempt, throttles } from '../../services/throttles';
import { registerMultipart } from '../jobs/multipart';

const fieldNames = { email: 'email', phone: 'phone number', nin: 'NIN' } as const;

const statuses: ApplicationStatus[] = ['pending', 'approved', 'rejected'];

/** `GET /agent-applications`: sorts and the `filter` it takes. */
const applicationList = listSpec({
  resource: 'agent-applications',
  noun: 'Applications',
  sortFields: applicationSortFields,
  defaultSort: ['created_at', 'DESC'],
  filter: ListFilter({ status: FilterOneOf(statuses), q: FilterText() }),
});

/** The export's columns: no NIN, which stays on the screens behind a sign-in. */
const applicationCsvColumns = [
  'code',
  'status',
  'first_name',
  'last_name',
  'email',
  'phone',
  'state',
  'lgas',
  'bank_name',
  'account_number',
  'account_name',
  'created_at',
  'decided_at',
] as const;

/**
 * Field agents' applications: the public form, and the review by provider staff (approve makes
 * the agent's account, reject closes the application; both mail the applicant).
 */
const agentApplicationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await registerMultipart(app, {
    fileSize: maxAgentPhotoBytes,
    files: 1,
    tooLarge: 'photo must be at most 5 MB',
  });
  const { agentApplications, rateLimits } = app.repos;
  const tags = ['agents'];
  const { publicUrl } = app.config;

  app.get(
    '/banks',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Nigerian banks with the codes their NUBAN account numbers are checked with',
        response: { 200: Type.Array(Bank) },
      },
    },
    async () => [...banks],
  );

  app.post(
    '/agent-applications',
    {
      config: { access: 'public', audit: 'agent_application.create' },
      schema: {
        tags,
        summary: 'Apply to be a field agent (public, multipart/form-data with the photo)',
        description:
          'Every field is checked and each bad one is a 400 naming it; nothing is stored then. ' +
          'The NUBAN must carry the right check digit for the bank. An application with the ' +
          'email, phone or NIN of another is answered the same and stored, marked as a ' +
          'duplicate for the reviewer (the answer tells nobody what is on file). The ' +
          'acknowledgement mail holds no text from the request. Throttled per IP like sign-up.',
        consumes: ['multipart/form-data'],
        body: AgentApplicationBody,
        response: { 201: ApplicationReceived, ...errorResponses(429) },
      },
      // Counted before the body is read: a flood of bad or large bodies costs us nothing more.
      onRequest: async (request, reply) =>
        spendAttempt(rateLimits, reply, throttles.agentApplicationPerIp, request.ip),
    },
    async (request, reply) => {
      const body = request.body as unknown as Record<string, unknown>;
      const fields = checkApplicationFields(body);
      const photo = await checkApplicationPhoto(request.body.photo);

      const stored = await app.storage.put(photo.data, 'agent-photos', photo.extension);
      let created: AgentApplicationRow;
      try {
        created = await app.db.transaction(async (tx) => {
          const row = await agentApplications.create(
            { ...fields, photo_key: stored.key, photo_sha256: stored.sha256 },
            tx,
          );
          // The address is not proven yet: the mail holds nothing the request wrote.
          await app.mailer.enqueue(
            {
              to: row.email,
              subject: 'We received your field agent application',
              text:
                'Hello,\n\nThank you for applying to be a field agent ' +
                `(${row.code}). We will review your application and write to you.`,
            },
            tx,
          );
          return row;
        });
      } catch (err) {
        // Nothing of a refused application stays behind, its photo included.
        await app.storage.remove(stored.key);
        throw err;
      }
      return reply.code(201).send({
        message: 'Application received. We will email you when it has been reviewed.',
        id: created.id,
        code: created.code,
      });
    },
  );

  app.get(
    '/agent-applications',
    {
      config: { access: 'agents.view', audit: 'export.agent_applications' },
      schema: {
        tags,
        summary:
          'Agent applications (ra-data-simple-rest); filter status, q, id; Accept: text/csv exports',
        description:
          'An array with `Content-Range: agent-applications first-last/total`. With `Accept: ' +
          "text/csv` ('View, Print & Download Report'): every matching application (range " +
          'ignored) as `agent-applications.csv`.',
        querystring: ListQuery,
        produces: ['application/json', 'text/csv'],
        response: { 200: Type.Array(AgentApplication) },
      },
    },
    async (request, reply) => {
      const { offset, limit, sort, filter: f } = parseListQuery(applicationList, request.query);
      const filter = { status: f.status, q: f.q, ids: f.id };
      if (await app.csvExportAsked(request)) {
        const lines = csvPages(
          applicationCsvColumns,
          (offset, limit) => agentApplications.list(filter, sort, offset, limit),
          (r) => {
            const v = applicationView(r);
            // Names rather than codes; the instants themselves, written in Lagos time.
            const a = {
              ...v,
              state: v.state_name,
              lgas: v.lgas.join('; '),
              created_at: r.created_at,
              decided_at: r.decided_at,
            };
            return applicationCsvColumns.map((c) => a[c]);
          },
        );
        return sendCsv(reply, 'agent-applications.csv', lines);
      }
      return listPageOf(
        reply,
        applicationList,
        { offset, limit, sort, filter },
        agentApplications,
        applicationView,
      );
    },
  );

  app.get(
    '/agent-applications/:id',
    {
      config: { access: 'agents.view', audit: 'agent_application.view' },
      schema: {
        tags,
        summary: 'One agent application',
        params: ApplicationIdParams,
        response: { 200: AgentApplication },
      },
    },
    async (request) => {
      const row = await agentApplications.findById(request.params.id);
      if (!row) throw notFound('Application not found');
      return applicationView(row);
    },
  );

  app.get(
    '/agent-applications/:id/photo',
    {
      config: { access: 'agents.view', audit: 'download.agent_application_photo' },
      schema: {
        tags,
        summary: "The applicant's photo (JPEG or PNG, without metadata)",
        params: ApplicationIdParams,
        produces: ['image/jpeg', 'image/png'],
        response: {
          200: BinaryFile('The photo as stored'),
        },
      },
    },
    async (request, reply) =>
      sendStoredImage(app, reply, await agentApplications.photoKey(request.params.id)),
  );

  app.get(
    '/user/list-pending-agents',
    {
      config: { access: 'agents.view' },
      schema: {
        tags,
        summary: 'Applications waiting for review, oldest first',
        response: { 200: Type.Array(AgentApplication) },
      },
    },
    async () => {
      const rows = await agentApplications.list(
        { status: 'pending' },
        { field: 'created_at', order: 'ASC' },
        0,
        1000,
      );
      return rows.map(applicationView);
    },
  );

  app.put(
    '/user/approve-or-reject-agent/:action',
    {
      config: { access: 'agents.decide', audit: 'agent_application.decide' },
      schema: {
        tags,
        summary: 'Approve (creates the agent) or reject an application; mails the applicant',
        description:
          'Deciding an application that is no longer pending is a 409. Approval fails with a 409 ' +
          'when the email already has an account, or another approved application has the same ' +
          'email, phone or NIN (`duplicates` on an application shows what it shares).',
        params: DecisionParams,
        body: DecisionBody,
        response: { 200: DecisionResult, ...errorResponses(409) },
      },
    },
    async (request) => {
      const { action } = request.params;
      const decided = await app.db.transaction(async (tx) => {
        const row = await agentApplications.lockForDecision(request.body.id, tx);
        if (!row) throw notFound('Application not found');
        if (row.status !== 'pending') {
          throw conflict(`${row.code} has already been ${row.status}`);
        }
        let accountId: string | null = null;
        if (action === 'approve') {
          const agentAlready = await agentApplications.approvedDuplicate(row, tx);
          if (agentAlready) throw duplicateAgent(row, agentAlready);
          try {
            const account = await createAgentAccount(row, tx);
            accountId = account.id;
          } catch (err) {
            if (err instanceof EmailTakenError) {
              throw conflict(
                `An account with the email ${row.email} already exists; reject this application`,
              );
            }
            throw err;
          }
        }
        const status = action === 'approve' ? 'approved' : 'rejected';
        const after = await agentApplications
          .decide(row.id, { status, decidedBy: request.account.id, accountId }, tx)
          .catch((err: unknown) => {
            throw err instanceof DuplicateAgentError ? duplicateAgent(row, err) : err;
          });
        await app.mailer.enqueue(decisionMail(after), tx);
        return after;
      });
      return {
        message:
          action === 'approve'
            ? `${decided.code} approved: ${decided.first_name} ${decided.last_name} is now an agent`
            : `${decided.code} rejected`,
        data: applicationView(decided),
      };
    },
  );

  /** Approving a duplicate would make a second agent of one person. */
  const duplicateAgent = (row: AgentApplicationRow, err: DuplicateAgentError) =>
    conflict(
      `${err.code ?? 'Another application'} is already approved with the same ` +
        `${fieldNames[err.field]} as ${row.code}: reject this application`,
    );

  // The applicant's address is proven by nothing: the mails hold no text from the application.
  function decisionMail(a: AgentApplicationRow) {
    if (a.status === 'approved') {
      return {
        to: a.email,
        subject: 'Your field agent application is approved',
        text:
          `Hello,\n\nYour application ${a.code} is approved: you are now a field ` +
          'agent. There is nothing to sign in to: when a verification job is assigned to you, we ' +
          'email you its capture link. Open it on your phone at the address to take the photos.\n\n' +
          `${publicUrl}`,
      };
    }
    return {
      to: a.email,
      subject: 'Your field agent application',
      text:
        `Hello,\n\nThank you for applying to be a field agent (${a.code}). ` +
        'We are unable to approve your application at this time.',
    };
  }
};

export default agentApplicationRoutes;
