import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { findState } from '../../../reference/locations';
import { conflict, fieldError, forbidden, notFound } from '../../errors';
import { DuplicateTatError, type TatSettingRow } from '../../repositories/tatSettings';
import { errorResponses } from '../../schemas/common';
import {
  TatIdParams,
  TatList,
  TatSetting,
  TatSettingBody,
  UpdateDetailsBody,
} from '../../schemas/settings';
import { accountView, areaOf } from '../../services/accountView';
import { iso, isoOrNull } from '../../services/jobAccess';
import { koboToNgn, positiveKobo } from '../../services/money';
import { normalizeNigerianPhone } from '../../services/phone';
import { updateOwnDetails } from '../../services/updateDetails';
import { jobKindLabels, type JobKind } from '../../../reference/jobKinds';

const tatView = (t: TatSettingRow) => ({
  _id: t.id,
  state: t.state,
  jobType: t.job_type,
  audience: t.audience,
  amount: koboToNgn(t.amount_kobo)!,
  tatInHours: t.tat_in_hours,
  createdAt: iso(t.created_at),
  updatedAt: isoOrNull(t.updated_at),
});

const settingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { tatSettings } = app.repos;
  const tags = ['settings'];
  const security = [{ bearerAuth: [] }];

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
        security,
        summary: 'TAT and price settings; company users see the Company audience only',
        response: { 200: TatList, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const audience = areaOf(request.account) === 'admin' ? undefined : 'company';
      return { tats: (await tatSettings.list(audience)).map(tatView) };
    },
  );

  app.post(
    '/tat',
    {
      config: { access: 'tat.write' },
      schema: {
        tags,
        security,
        summary: 'Create a TAT setting, one per (state, jobType, audience)',
        body: TatSettingBody,
        response: { 201: TatSetting, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const t = checkTat(request.body, request);
      try {
        return reply.code(201).send(tatView(await tatSettings.create(t)));
      } catch (err) {
        if (err instanceof DuplicateTatError) throw duplicate(t);
        throw err;
      }
    },
  );

  app.patch(
    '/tat/:id',
    {
      config: { access: 'tat.write' },
      schema: {
        tags,
        security,
        summary: 'Edit a TAT setting (all five fields)',
        params: TatIdParams,
        body: TatSettingBody,
        response: { 200: TatSetting, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const t = checkTat(request.body, request);
      const existing = await tatSettings.findById(request.params.id);
      if (!existing) throw notFound('TAT setting not found');
      if (existing.audience === 'agent' && !app.allows(request, 'tat.agent_price')) {
        throw forbidden('Only a super-admin may set Agent prices');
      }
      try {
        return tatView((await tatSettings.update(request.params.id, t))!);
      } catch (err) {
        if (err instanceof DuplicateTatError) throw duplicate(t);
        throw err;
      }
    },
  );

  app.put(
    '/update-details',
    {
      config: { access: 'profile.edit' },
      schema: {
        tags,
        security,
        summary:
          "Edit the signed-in user's own name, phone and address (and the company's name, state and address, for its owner)",
        body: UpdateDetailsBody,
        response: { 200: Type.Ref('Account'), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const b = request.body;
      if (b.company_name !== undefined && request.account.role !== 'company') {
        throw forbidden("Only the company's owner may change its name");
      }
      if (
        (b.company_state !== undefined || b.company_address !== undefined) &&
        request.account.role !== 'company'
      ) {
        throw forbidden("Only the company's owner may change its state and address");
      }
      const companyState =
        b.company_state === undefined ? undefined : findState(b.company_state)?.alias;
      if (b.company_state !== undefined && !companyState) {
        throw fieldError(
          'company_state',
          `company_state "${b.company_state}" is not a Nigerian state`,
        );
      }
      if (b.company_address !== undefined && !b.company_address.trim()) {
        throw fieldError('company_address', 'company_address must not be empty');
      }
      const updated = await updateOwnDetails(app.db, request.account, {
        first_name: b.first_name?.trim() || undefined,
        last_name: b.last_name?.trim() || undefined,
        phone: b.phone !== undefined ? normalizeNigerianPhone(b.phone) : undefined,
        address: b.address !== undefined ? b.address.trim() || null : undefined,
        company_name: b.company_name?.trim() || undefined,
        company_state: companyState,
        company_address: b.company_address?.trim(),
      });
      return accountView(updated, app.config.superAdminEmails);
    },
  );
};

export default settingsRoutes;
