import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { fieldError, notFound } from '../../errors';
import type { BreachFields, BreachRow } from '../../repositories/breaches';
import {
  Breach,
  BreachBody,
  BreachIdParams,
  BreachListQuery,
  breachSortFields,
} from '../../schemas/breaches';
import { breachStatuses, ndpcNotifyHours } from '../../../reference/breaches';
import {
  FilterOneOf,
  ListFilter,
  listPageOf,
  listSpec,
  parseListQuery,
} from '../../services/listFilter';

/** `GET /breaches`: its sorts and `filter`. */
const breachList = listSpec({
  resource: 'breaches',
  noun: 'Breaches',
  sortFields: breachSortFields,
  defaultSort: ['found_at', 'DESC'],
  filter: ListFilter({ status: FilterOneOf(breachStatuses, 'must be open or closed') }),
});

/** A time "now" may be a little ahead on the writer's device: a minute of clock skew is allowed. */
const clockSkewMs = 60_000;

const iso = (d: Date | null) => d?.toISOString() ?? null;

const breachView = (b: BreachRow): Breach => ({
  id: b.id,
  description: b.description,
  occurred_at: iso(b.occurred_at),
  found_at: b.found_at.toISOString(),
  data_affected: b.data_affected,
  people_affected: b.people_affected,
  who_was_told: b.who_was_told,
  ndpc_notified_at: iso(b.ndpc_notified_at),
  people_notified_at: iso(b.people_notified_at),
  status: b.status,
  ndpc_deadline: new Date(b.found_at.getTime() + ndpcNotifyHours * 3_600_000).toISOString(),
  recorded_by: b.recorded_by,
  recorded_by_name: b.recorded_by_name,
  created_at: b.created_at.toISOString(),
  updated_at: b.updated_at.toISOString(),
});

/** The body as the register keeps it, its times checked against each other and the clock. */
function checkedBreach(b: BreachBody, now = Date.now()): BreachFields {
  const text = (field: 'description' | 'data_affected', value: string) => {
    const trimmed = value.trim();
    if (!trimmed) throw fieldError(field, `${field} must not be empty`);
    return trimmed;
  };
  const timeOf = (field: string, value: string | null | undefined) => {
    if (value === null || value === undefined) return null;
    const t = new Date(value);
    if (t.getTime() > now + clockSkewMs)
      throw fieldError(field, `${field} must not be in the future`);
    return t;
  };
  const found = timeOf('found_at', b.found_at)!;
  const notBeforeFound = (field: string, value: string | null | undefined) => {
    const t = timeOf(field, value);
    if (t && t < found) throw fieldError(field, `${field} must not be before found_at`);
    return t;
  };
  const occurred = timeOf('occurred_at', b.occurred_at);
  if (occurred && occurred > found) {
    throw fieldError('occurred_at', 'occurred_at must not be after found_at');
  }
  return {
    description: text('description', b.description),
    occurred_at: occurred,
    found_at: found,
    data_affected: text('data_affected', b.data_affected),
    people_affected: b.people_affected ?? null,
    who_was_told: b.who_was_told?.trim() ?? '',
    ndpc_notified_at: notBeforeFound('ndpc_notified_at', b.ndpc_notified_at),
    people_notified_at: notBeforeFound('people_notified_at', b.people_notified_at),
    status: b.status ?? 'open',
  };
}

/**
 * The breach register (NDPA 2023): the provider's heads record each personal-data breach, and
 * when the NDPC and the people affected were told. Entries are corrected, never deleted.
 */
const breachRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { breaches } = app.repos;
  const tags = ['breaches'];
  const description =
    `Provider heads only (\`breaches.manage\`). \`ndpc_deadline\` is found_at + ${ndpcNotifyHours} ` +
    'hours. Times: found_at, ndpc_notified_at and people_notified_at are not in the future; ' +
    'occurred_at is not after found_at, the notifications not before it (400 naming the field).';

  app.get(
    '/breaches',
    {
      config: { access: 'breaches.manage' },
      schema: {
        tags,
        summary: 'The breach register, last found first, in ra-data-simple-rest conventions',
        description,
        querystring: BreachListQuery,
        response: { 200: Type.Array(Breach) },
      },
    },
    async (request, reply) => {
      const { offset, limit, sort, filter: f } = parseListQuery(breachList, request.query);
      const filter = { status: f.status, ids: f.id };
      return listPageOf(reply, breachList, { offset, limit, sort, filter }, breaches, breachView);
    },
  );

  app.get(
    '/breaches/:id',
    {
      config: { access: 'breaches.manage' },
      schema: {
        tags,
        summary: 'One entry of the breach register',
        params: BreachIdParams,
        response: { 200: Breach },
      },
    },
    async (request) => {
      const row = await breaches.find(request.params.id);
      if (!row) throw notFound('Breach not found');
      return breachView(row);
    },
  );

  app.post(
    '/breaches',
    {
      config: { access: 'breaches.manage', audit: 'breach.create' },
      schema: {
        tags,
        summary: 'Record a personal-data breach',
        description,
        body: BreachBody,
        response: { 201: Breach },
      },
    },
    async (request, reply) => {
      const fields = checkedBreach(request.body);
      const row = await app.db.transaction(async (tx) => {
        const id = await breaches.insert(fields, request.account.id, tx);
        return (await breaches.find(id, tx))!;
      });
      return reply.code(201).send(breachView(row));
    },
  );

  app.put(
    '/breaches/:id',
    {
      config: { access: 'breaches.manage', audit: 'breach.update' },
      schema: {
        tags,
        summary: 'Correct or complete an entry (notifications, status); entries are never deleted',
        description,
        params: BreachIdParams,
        body: BreachBody,
        response: { 200: Breach },
      },
    },
    async (request) => {
      const fields = checkedBreach(request.body);
      const row = await app.db.transaction(async (tx) => {
        if (!(await breaches.update(request.params.id, fields, tx))) return undefined;
        return breaches.find(request.params.id, tx);
      });
      if (!row) throw notFound('Breach not found');
      return breachView(row);
    },
  );
};

export default breachRoutes;
