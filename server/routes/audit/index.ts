import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AuditFilter, AuditRow, AuditScope } from '../../repositories/audit';
import { AuditEntry, AuditListQuery, auditSortFields } from '../../schemas/audit';
import { csvPages, sendCsv } from '../../services/csv';
import { isAdminArea } from '../../services/jobAccess';
import {
  FilterId,
  FilterText,
  filterField,
  ListFilter,
  listPageOf,
  listSpec,
  notText,
  parseListQuery,
  scoped,
} from '../../services/listFilter';
import { FilterLagosDay } from '../jobs/listQuery';

/** An action as written (`job.create`) or a prefix ending in a dot (`job.`). */
const actionOrPrefix = /^[a-z0-9_]+(\.[a-z0-9_]+)*\.?$/;

const FilterAction = () =>
  filterField(
    Type.Codec(Type.String({ pattern: actionOrPrefix.source, maxLength: 100 }))
      .Decode((v) => v)
      .Encode((v) => v),
    (v) => notText(v) ?? 'must be an action (job.create) or a prefix ending in a dot (job.)',
  );

/** `filter.id` of a getMany: entry numbers; what is not one matches nothing. */
const FilterEntryIds = () =>
  filterField(
    Type.Codec(Type.Unknown())
      .Decode((v) =>
        ([] as unknown[])
          .concat(v)
          .filter((i): i is string => typeof i === 'string' && /^\d{1,18}$/.test(i)),
      )
      .Encode((v) => v),
    () => '',
    [undefined],
  );

/** `GET /audit`: its sorts and `filter`; a bad key is a 400 naming it. */
export const auditList = listSpec({
  resource: 'audit',
  noun: 'Audit entries',
  sortFields: auditSortFields,
  defaultSort: ['at', 'DESC'],
  filter: ListFilter({
    actor: FilterId(),
    action: FilterAction(),
    company_id: FilterId(),
    from: FilterLagosDay('start'),
    to: FilterLagosDay('end'),
    q: FilterText(),
    id: FilterEntryIds(),
  }),
});

const csvColumns = [
  'at',
  'action',
  'outcome',
  'actor_name',
  'actor_email',
  'actor_id',
  'company_name',
  'company_id',
  'target_type',
  'target_id',
  'ip',
  'request_id',
  'detail',
] as const;

const entryView = (r: AuditRow): AuditEntry => ({ ...r, at: r.at.toISOString() });

/**
 * The audit log, read: the provider's heads see every entry, a company's owner its company's
 * only (another company's `company_id` filter then matches nothing). The CSV export is itself
 * audited (`export.audit`).
 */
const auditRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { audit } = app.repos;

  const scopeOf = (request: FastifyRequest): AuditScope =>
    isAdminArea(request.account)
      ? { kind: 'all' }
      : { kind: 'company', companyId: request.account.company_id! };

  app.get(
    '/audit',
    {
      config: { access: 'audit.view', audit: 'export.audit' },
      schema: {
        tags: ['audit'],
        summary: 'Who did what, when (ra-data-simple-rest); Accept: text/csv exports',
        description:
          'Newest first. JSON: an array with `Content-Range: audit first-last/total`. With ' +
          '`Accept: text/csv`: every matching entry (range ignored) as `audit.csv`. A company ' +
          "owner sees its company's entries only.",
        querystring: AuditListQuery,
        produces: ['application/json', 'text/csv'],
        response: { 200: Type.Array(AuditEntry) },
      },
    },
    async (request, reply) => {
      const scope = scopeOf(request);
      const { offset, limit, sort, filter: f } = parseListQuery(auditList, request.query);
      const filter: AuditFilter = {
        actorId: f.actor,
        action: f.action,
        companyId: f.company_id,
        from: f.from,
        before: f.to,
        q: f.q,
        ids: f.id,
      };
      if (await app.csvExportAsked(request)) {
        const lines = csvPages(
          csvColumns,
          (o, l) => audit.list(scope, filter, sort, o, l),
          (r) => csvColumns.map((c) => (c === 'detail' ? JSON.stringify(r.detail) : r[c])),
        );
        return sendCsv(reply, 'audit.csv', lines);
      }
      const q = { offset, limit, sort, filter };
      return listPageOf(reply, auditList, q, scoped(audit, scope), entryView);
    },
  );
};

export default auditRoutes;
