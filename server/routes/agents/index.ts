import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { notFound } from '../../errors';
import { agentSortFields, type AgentFilter } from '../../repositories/agents';
import { ListQuery } from '../../schemas/agentApplications';
import {
  Agent,
  AgentDetail,
  AgentIdParams,
  AgentStatusBody,
  ApprovedAgentsQuery,
} from '../../schemas/agents';
import { BinaryFile } from '../../schemas/common';
import { deactivateAgent } from '../../services/agentAccounts';
import { agentView } from '../../services/agentViews';
import { csvPages, sendCsv } from '../../services/csv';
import { iso, isoOrNull } from '../../services/jobAccess';
import { jobStatuses, type JobStatus } from '../../services/jobStateMachine';
import {
  FilterState,
  FilterText,
  ListFilter,
  filterField,
  listPageOf,
  listSpec,
  parseListQuery,
} from '../../services/listFilter';
import { sendStoredImage } from '../../services/storedImage';

/** The export's columns: no NIN, which stays on the screens behind a sign-in. */
const csvColumns = [
  'code',
  'first_name',
  'last_name',
  'email',
  'phone',
  'status',
  'state',
  'lgas',
  'bank_name',
  'account_number',
  'account_name',
  'jobs_total',
  'average_rating',
  'created_at',
] as const;

/** `GET /agents`: sorts and the `filter` it takes. */
const agentList = listSpec({
  resource: 'agents',
  noun: 'Agents',
  sortFields: agentSortFields,
  defaultSort: ['created_at', 'DESC'],
  filter: ListFilter({
    q: FilterText(),
    status: filterField(
      Type.Codec(
        Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal('0'), Type.Literal('1')]),
      )
        .Decode((v) => Number(v) as 0 | 1)
        .Encode((v) => v),
      () => 'must be 0 or 1',
    ),
    state: FilterState(),
  }),
});

/** Approved field agents: the management list, their information, deactivation. */
const agentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { agents } = app.repos;
  const tags = ['agents'];

  app.get(
    '/agents',
    {
      config: { access: 'agents.view', audit: 'export.agents' },
      schema: {
        tags,
        summary:
          'Approved agents (ra-data-simple-rest); filter q, status (0|1), state, id; Accept: text/csv exports',
        description:
          'An array with `Content-Range: agents first-last/total`. With `Accept: text/csv` ' +
          "('View, Print & Download Report'): every matching agent (range ignored) as `agents.csv`.",
        querystring: ListQuery,
        produces: ['application/json', 'text/csv'],
        response: { 200: Type.Array(Agent) },
      },
    },
    async (request, reply) => {
      const { offset, limit, sort, filter: f } = parseListQuery(agentList, request.query);
      const { id, ...rest } = f;
      const filter: AgentFilter = { ...rest, ids: id };
      if (await app.csvExportAsked(request)) {
        const lines = csvPages(
          csvColumns,
          (offset, limit) => agents.list(filter, sort, offset, limit),
          (r) => {
            const v = agentView(r);
            // Words and names rather than codes; the instant itself, written in Lagos time.
            const a = {
              ...v,
              status: v.status === 1 ? 'active' : 'deactivated',
              state: v.state_name,
              lgas: v.lgas.join('; '),
              created_at: r.created_at,
            };
            return csvColumns.map((c) => a[c]);
          },
        );
        return sendCsv(reply, 'agents.csv', lines);
      }
      return listPageOf(reply, agentList, { offset, limit, sort, filter }, agents, agentView);
    },
  );

  app.get(
    '/user/approved-agents',
    {
      config: { access: 'agents.view' },
      schema: {
        tags,
        summary:
          'Approved agents, active or not, whose name, email, phone, code, state or LGA match',
        querystring: ApprovedAgentsQuery,
        response: { 200: Type.Array(Agent) },
      },
    },
    async (request) => {
      const q = request.query.search?.trim() || undefined;
      const rows = await agents.list({ q }, { field: 'last_name', order: 'ASC' }, 0, 1000);
      return rows.map(agentView);
    },
  );

  app.get(
    '/agents/:id',
    {
      config: { access: 'agents.view' },
      schema: {
        tags,
        summary: 'Agent information: profile, coverage, job counts, average rating, recent jobs',
        params: AgentIdParams,
        response: { 200: AgentDetail },
      },
    },
    async (request) => {
      const { id } = request.params;
      const row = await agents.findById(id);
      if (!row) throw notFound('Agent not found');
      const [counts, recent] = await Promise.all([agents.jobCounts(id), agents.recentJobs(id)]);
      const job_counts = Object.fromEntries(jobStatuses.map((s) => [s, 0])) as Record<
        JobStatus,
        number
      >;
      for (const c of counts) job_counts[c.status] = c.n;
      return {
        ...agentView(row),
        job_counts,
        recent_jobs: recent.map((j) => ({
          ...j,
          assigned_at: isoOrNull(j.assigned_at),
          created_at: iso(j.created_at),
        })),
      };
    },
  );

  app.patch(
    '/agents/:id',
    {
      config: { access: 'agents.decide', audit: 'agent.update' },
      schema: {
        tags,
        summary: 'Deactivate (status 0) or activate (1) an agent: only active agents get jobs',
        description:
          'Deactivating ends the agent’s capture links at once and hands its open (assigned or ' +
          'accepted) jobs back to the provider as declined, ready to assign again, with an event ' +
          'each; the owner of each job is sent a message. Submitted work can still be approved ' +
          'and the agent’s earnings paid out.',
        params: AgentIdParams,
        body: AgentStatusBody,
        response: { 200: Agent },
      },
    },
    async (request) => {
      const { id } = request.params;
      const found = await app.db.transaction(async (tx) =>
        request.body.status === 0
          ? deactivateAgent(app, id, request.account, tx)
          : (await agents.setStatus(id, 1, tx)) !== undefined,
      );
      if (!found) throw notFound('Agent not found');
      return agentView((await agents.findById(id))!);
    },
  );

  app.get(
    '/agents/:id/photo',
    {
      config: { access: 'agents.view', audit: 'download.agent_photo' },
      schema: {
        tags,
        summary: "The agent's photo from the application (JPEG or PNG, without metadata)",
        params: AgentIdParams,
        produces: ['image/jpeg', 'image/png'],
        response: {
          200: BinaryFile('The photo as stored'),
        },
      },
    },
    async (request, reply) =>
      sendStoredImage(app, reply, (await agents.findById(request.params.id))?.photo_key),
  );
};

export default agentRoutes;
