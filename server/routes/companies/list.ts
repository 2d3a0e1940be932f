import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { notFound } from '../../errors';
import type { CompanyListFilter } from '../../repositories/companies';
import {
  Company,
  CompanyIdParams,
  CompanyListQuery,
  companySortFields,
  CompanyPatchBody,
  CompanyStatusBody,
} from '../../schemas/companies';
import {
  FilterBoolean,
  FilterOneOf,
  FilterState,
  FilterText,
  ListFilter,
  listPageOf,
  listSpec,
  parseListQuery,
} from '../../services/listFilter';
import { companyView } from './view';

/** `GET /companies`: sorts and the `filter` it takes. */
const companyList = listSpec({
  resource: 'companies',
  noun: 'Companies',
  sortFields: companySortFields,
  defaultSort: ['created_at', 'DESC'],
  filter: ListFilter({
    q: FilterText(),
    is_partner: FilterBoolean(),
    state: FilterState(),
    status: FilterOneOf(['active', 'suspended'], 'must be active or suspended'),
  }),
});

/**
 * `GET /companies`, `GET /companies/{id}`, `PATCH /companies/{id}` and its `/status`: provider
 * staff only.
 */
const companyListRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { companies, sessions } = app.repos;
  const tags = ['companies'];

  app.get(
    '/companies',
    {
      config: { access: 'companies.list' },
      schema: {
        tags,
        summary: 'Company management: companies in ra-data-simple-rest conventions',
        description:
          "An array with `Content-Range: companies first-last/total`. For staff with 'User " +
          "management (view)'; staff who create jobs for a company ('Create Job') read it too, " +
          "to pick the owner, without the owners' contacts (`owner` null).",
        querystring: CompanyListQuery,
        response: { 200: Type.Array(Company) },
      },
    },
    async (request, reply) => {
      const viewer = app.allows(request, 'companies.view');
      const { offset, limit, sort, filter: f } = parseListQuery(companyList, request.query);
      const { id, ...rest } = f;
      const filter: CompanyListFilter = { ...rest, ids: id };
      return listPageOf(reply, companyList, { offset, limit, sort, filter }, companies, (c) =>
        viewer ? companyView(c) : { ...companyView(c), owner: null },
      );
    },
  );

  app.get(
    '/companies/:id',
    {
      config: { access: 'companies.view' },
      schema: {
        tags,
        summary: 'One company (react-admin getOne)',
        params: CompanyIdParams,
        response: { 200: Company },
      },
    },
    async (request) => {
      const company = await companies.find(request.params.id);
      if (!company) throw notFound('Company not found');
      return companyView(company);
    },
  );

  app.patch(
    '/companies/:id',
    {
      config: { access: 'companies.partner', audit: 'company.update' },
      schema: {
        tags,
        summary: 'Mark a company as a partner (takes assigned work) or not; admins only',
        params: CompanyIdParams,
        body: CompanyPatchBody,
        response: { 200: Company },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await companies.setPartner(id, request.body.is_partner))) {
        throw notFound('Company not found');
      }
      return companyView((await companies.find(id))!);
    },
  );

  app.patch(
    '/companies/:id/status',
    {
      config: { access: 'companies.suspend', audit: 'company.suspend' },
      schema: {
        tags,
        summary: 'Suspend a company or reactivate it; admins only',
        description:
          "Suspending ends every session of the company's users at once and refuses their " +
          'sign-in until it is reactivated. Its jobs, wallet and capture links are kept.',
        params: CompanyIdParams,
        body: CompanyStatusBody,
        response: { 200: Company },
      },
    },
    async (request) => {
      const { id } = request.params;
      const suspend = request.body.status === 'suspended';
      const company = await app.db.transaction(async (tx) => {
        if (!(await companies.setSuspended(id, suspend, tx))) return undefined;
        if (suspend) await sessions.revokeAllOfCompany(id, tx);
        return companies.find(id, tx);
      });
      if (!company) throw notFound('Company not found');
      return companyView(company);
    },
  );
};

export default companyListRoutes;
