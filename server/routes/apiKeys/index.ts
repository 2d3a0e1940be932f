import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { fieldError, forbidden, notFound } from '../../errors';
import type { ApiKeyListFilter } from '../../repositories/apiKeys';
import {
  ApiKey,
  ApiKeyIdParams,
  ApiKeyListQuery,
  apiKeyLimits,
  apiKeySortFields,
  apiKeyStatuses,
  CreatedApiKey,
  NewApiKey,
} from '../../schemas/apiKeys';
import { errorResponses } from '../../schemas/common';
import { areaOf } from '../../services/accountView';
import {
  apiKeyView,
  createApiKey,
  keyThrottleOf,
  maxActiveKeysPerCompany,
} from '../../services/apiKeys';
import {
  FilterId,
  FilterOneOf,
  FilterText,
  ListFilter,
  listPageOf,
  listSpec,
  parseListQuery,
} from '../../services/listFilter';
import { spendAttempt, throttles } from '../../services/throttles';

/** `GET /api-keys`: its sorts and `filter`. */
const apiKeyList = listSpec({
  resource: 'api-keys',
  noun: 'API keys',
  sortFields: apiKeySortFields,
  defaultSort: ['created_at', 'DESC'],
  filter: ListFilter({
    status: FilterOneOf(apiKeyStatuses, 'must be active or revoked'),
    company_id: FilterId(),
    q: FilterText(),
  }),
});

/**
 * The keys a user manages: a company's owner and sub-users with 'Create Sub-User' their
 * company's, the provider's staff with it every company's (undefined: no company filter).
 */
const managedCompanyOf = (request: FastifyRequest) =>
  areaOf(request.account) === 'admin' ? undefined : request.account.company_id!;

/** `POST /api-keys`, `GET /api-keys`, `DELETE /api-keys/{id}`: Settings → API keys. */
const apiKeyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { apiKeys, companies, rateLimits } = app.repos;
  const tags = ['api-keys'];

  /** The company a new key acts for: the user's own, or the one staff name in `company_id`. */
  async function companyOfNewKey(request: FastifyRequest, companyId: string | undefined) {
    const own = managedCompanyOf(request);
    if (own) {
      if (companyId && companyId !== own) {
        throw forbidden('You can only create API keys for your own company');
      }
      return own;
    }
    if (!companyId) {
      throw fieldError('company_id', 'company_id is required: name the company the key is for');
    }
    if (!(await companies.find(companyId))) {
      throw fieldError('company_id', 'company_id names no company');
    }
    return companyId;
  }

  app.post(
    '/api-keys',
    {
      config: { access: 'api_keys.manage', audit: 'api_key.create' },
      schema: {
        tags,
        summary: 'Create an API key for the job endpoints; the key is in this answer only',
        description:
          "A company's owner, or a sub-user with 'Create Sub-User', for their company; the " +
          "provider's staff with it for the company named in `company_id`. `permission` is a " +
          'subset of the creator’s labels (400 naming `permission` otherwise); absent, the ' +
          "creator's labels that count on the job endpoints. Only the key's SHA-256 is stored. " +
          `At most ${maxActiveKeysPerCompany} active keys per company (409), and ` +
          `${throttles.apiKeysPerCompany.limit} new keys an hour per company (429). A key is ` +
          `accepted as \`Authorization: Bearer <key>\` on the job endpoints only, up to ` +
          `${keyThrottleOf(app.config).limit} requests a ` +
          'minute (429 with `Retry-After` past it).',
        body: NewApiKey,
        response: { 201: CreatedApiKey, ...errorResponses(409, 429) },
      },
    },
    async (request, reply) => {
      const b = request.body;
      const name = b.name.trim();
      if (!name) throw fieldError('name', 'name must not be empty');
      const companyId = await companyOfNewKey(request, b.company_id);
      await spendAttempt(rateLimits, reply, throttles.apiKeysPerCompany, companyId);
      const created = await app.db.transaction((tx) =>
        createApiKey(
          apiKeys,
          { creator: request.account, companyId, name, permission: b.permission },
          tx,
        ),
      );
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/api-keys',
    {
      config: { access: 'api_keys.manage' },
      schema: {
        tags,
        summary: 'API keys, newest first, in ra-data-simple-rest conventions',
        description:
          "An array with `Content-Range: api-keys first-last/total`: a company's users see their " +
          "company's keys, the provider's staff every company's (`filter.company_id` narrows). " +
          `Names are at most ${apiKeyLimits.name} characters; the key itself is never listed.`,
        querystring: ApiKeyListQuery,
        response: { 200: Type.Array(ApiKey) },
      },
    },
    async (request, reply) => {
      const { offset, limit, sort, filter: f } = parseListQuery(apiKeyList, request.query);
      const own = managedCompanyOf(request);
      if (own && f.company_id && f.company_id !== own) throw notFound('Company not found');
      const filter: ApiKeyListFilter = {
        companyId: own ?? f.company_id,
        status: f.status,
        q: f.q,
        ids: f.id,
      };
      return listPageOf(reply, apiKeyList, { offset, limit, sort, filter }, apiKeys, apiKeyView);
    },
  );

  app.delete(
    '/api-keys/:id',
    {
      config: { access: 'api_keys.manage', audit: 'api_key.revoke' },
      schema: {
        tags,
        summary: 'Revoke an API key: refused from the next request on, in every process',
        description:
          "Another company's key is 404. Revoking a revoked key changes nothing and answers it.",
        params: ApiKeyIdParams,
        response: { 200: ApiKey },
      },
    },
    async (request) => {
      const { id } = request.params;
      const companyId = managedCompanyOf(request);
      return app.db.transaction(async (tx) => {
        if (!(await apiKeys.find(id, companyId, tx))) throw notFound('API key not found');
        await apiKeys.revoke(id, tx);
        return apiKeyView((await apiKeys.find(id, companyId, tx))!);
      });
    },
  );
};

export default apiKeyRoutes;
