import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { findState, states } from '../../../reference/locations';
import { badRequest, conflict, fieldError, forbidden, notFound } from '../../errors';
import { DuplicateTatError, type TatRow } from '../../repositories/tats';
import { errorResponses } from '../../schemas/common';
import {
  TatIdParams,
  TatList,
  TatListQuery,
  TatMissingQuery,
  TatMissingStates,
  TatSetting,
  TatSettingBody,
} from '../../schemas/tats';
import { areaOf } from '../../services/accountView';
import { iso, isoOrNull } from '../../services/jobAccess';
import { koboToNgn, positiveKobo } from '../../services/money';
import {
  FilterOneOf,
  FilterState,
  ListFilter,
  listSpec,
  parseFilter,
  parseListQuery,
} from '../../services/listFilter';
import { jobKindLabels, jobKinds, type JobKind } from '../../../reference/jobKinds';

const audiences = ['company', 'agent'] as const;

/** The Set Amount list's filter: a bad value is a 400 naming `filter.<field>`. */
const tatFilter = ListFilter({
  state: FilterState(),
  jobType: FilterOneOf(jobKinds),
  audience: FilterOneOf(audiences),
});

/** `GET /setting/tat`: always by state (then job type, audience), filtered, paged by `range`. */
const tatList = listSpec({
  resource: 'tats',
  noun: 'TAT settings',
  sortFields: ['state'],
  defaultSort: ['state', 'ASC'],
  filter: tatFilter,
});

const tatView = (t: TatRow) => ({
  _id: t.id,
  state: t.state,
  jobType: t.job_type,
  audience: t.audience,
  amount: koboToNgn(t.amount_kobo)!,
  tatInHours: t.tat_in_hours,
  createdAt: iso(t.created_at),
  updatedAt: isoOrNull(t.updated_at),
});

const tatRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { tats } = app.repos;
  const tags = ['settings'];

  /** The body checked beyond its schema: a known state, 2 decimals, agent prices for super-admins. */
  function checkTat(body: TatSettingBody, request: FastifyRequest) {
    if (body.audience === 'agent' && !app.allows(request, 'tat.agent_price')) {
      throw forbidden('Only a super-admin may set Agent prices');
    }
    const state = findState(body.state);
    if (!state) throw fieldError('state', `state "${body.state}" is not a Nigerian state`);
    const amountKobo = positiveKobo('amount', body.amount);
    return {
      state: state.alias,
      job_type: body.jobType,
      audience: body.audience,
      amount_kobo: amountKobo,
      tat_in_hours: body.tatInHours,
    };
  }

  /** The one audience a caller may see, or undefined for all (the provider's staff). */
  const visibleAudience = (request: FastifyRequest) =>
    areaOf(request.account) === 'admin' ? undefined : ('company' as const);

  const duplicate = (t: { state: string; job_type: string; audience: string }) =>
    conflict(
      `A TAT is already set for ${findState(t.state)?.name ?? t.state}, ` +
        `${jobKindLabels[t.job_type as JobKind]}, audience ${t.audience === 'agent' ? 'Agent' : 'Company'}`,
    );

  app.get(
    '/tat',
    {
      config: { access: 'tat.read' },
      schema: {
        tags,
        summary: 'TAT and price settings; company users see the Company audience only',
        description:
          'Every matching setting, by state; with `range` one page of them. `total` counts all.',
        querystring: TatListQuery,
        response: { 200: TatList },
      },
    },
    async (request) => {
      const paged = request.query.range !== undefined;
      const { offset, limit, filter: f } = parseListQuery(tatList, request.query);
      const scope = visibleAudience(request);
      // A company user asking for Agent prices is shown none rather than refused.
      if (scope && f.audience && f.audience !== scope) return { tats: [], total: 0 };
      const filter = { state: f.state, job_type: f.jobType, audience: scope ?? f.audience };
      const [rows, total] = await Promise.all([
        paged ? tats.list(filter, offset, limit) : tats.list(filter),
        tats.count(filter),
      ]);
      return { tats: rows.map(tatView), total };
    },
  );

  app.get(
    '/tat/missing',
    {
      config: { access: 'tat.read' },
      schema: {
        tags,
        summary: 'The states (36 and the FCT) with no setting for a job type and audience',
        querystring: TatMissingQuery,
        response: { 200: TatMissingStates },
      },
    },
    async (request) => {
      const f = parseFilter(tatFilter, request.query.filter);
      if (!f.jobType) throw badRequest('filter.jobType is required');
      const scope = visibleAudience(request);
      const audience = f.audience ?? 'company';
      if (scope && audience !== scope) throw badRequest(`filter.audience must be ${scope}`);
      const priced = await tats.pricedStates(f.jobType, audience);
      return {
        jobType: f.jobType,
        audience,
        states: states
          .filter((s) => !priced.has(s.alias))
          .map((s) => ({ state: s.alias, name: s.name })),
      };
    },
  );

  app.post(
    '/tat',
    {
      config: { access: 'tat.write', audit: 'tat.create' },
      schema: {
        tags,
        summary: 'Create a TAT setting, one per (state, jobType, audience)',
        body: TatSettingBody,
        response: { 201: TatSetting, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const t = checkTat(request.body, request);
      try {
        return reply.code(201).send(tatView(await tats.create(t)));
      } catch (err) {
        if (err instanceof DuplicateTatError) throw duplicate(t);
        throw err;
      }
    },
  );

  app.patch(
    '/tat/:id',
    {
      config: { access: 'tat.write', audit: 'tat.update' },
      schema: {
        tags,
        summary: 'Edit a TAT setting (all five fields)',
        params: TatIdParams,
        body: TatSettingBody,
        response: { 200: TatSetting, ...errorResponses(409) },
      },
    },
    async (request) => {
      const t = checkTat(request.body, request);
      const existing = await tats.findById(request.params.id);
      if (!existing) throw notFound('TAT setting not found');
      if (existing.audience === 'agent' && !app.allows(request, 'tat.agent_price')) {
        throw forbidden('Only a super-admin may set Agent prices');
      }
      try {
        return tatView((await tats.update(request.params.id, t))!);
      } catch (err) {
        if (err instanceof DuplicateTatError) throw duplicate(t);
        throw err;
      }
    },
  );
};

export default tatRoutes;
