import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { findState } from '../../../reference/locations';
import { conflict, fieldError, forbidden, notFound } from '../../errors';
import { DuplicateTatError, type TatRow } from '../../repositories/tats';
import { errorResponses } from '../../schemas/common';
import { TatIdParams, TatList, TatSetting, TatSettingBody } from '../../schemas/tats';
import { areaOf } from '../../services/accountView';
import { iso, isoOrNull } from '../../services/jobAccess';
import { koboToNgn, positiveKobo } from '../../services/money';
import { jobKindLabels, type JobKind } from '../../../reference/jobKinds';

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
        response: { 200: TatList },
      },
    },
    async (request) => {
      const audience = areaOf(request.account) === 'admin' ? undefined : 'company';
      return { tats: (await tats.list(audience)).map(tatView) };
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
