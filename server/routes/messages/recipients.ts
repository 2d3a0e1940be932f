import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { RecipientFilter, RecipientSortField } from '../../repositories/messages';
import { errorResponses } from '../../schemas/common';
import { Recipient, RecipientListQuery, recipientSortFields } from '../../schemas/messages';
import {
  pageWithTotal,
  filterText,
  parseFilterObject,
  parseIds,
  parseRange,
  parseSort,
} from '../../services/listParams';
import { writerOf } from './view';

function recipientFilter(text: string | undefined): RecipientFilter {
  const f = parseFilterObject(text);
  const out: RecipientFilter = {};
  out.q = filterText(f, 'q');
  if (f.id !== undefined) out.ids = parseIds(f.id);
  return out;
}

const recipientRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { messages } = app.repos;

  app.get(
    '/message-recipients',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['messages'],
        security: [{ bearerAuth: [] }],
        summary: 'The users this user may write to (the compose screen’s picker)',
        description:
          'Provider staff: every active user. A company’s users: the provider’s staff and their ' +
          'own company’s users. ra-data-simple-rest conventions.',
        querystring: RecipientListQuery,
        response: { 200: Type.Array(Recipient), ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const sort = parseSort<RecipientSortField>(
        q.sort,
        recipientSortFields,
        ['full_name', 'ASC'],
        'Recipients',
      );
      const { offset, limit } = parseRange(q.range);
      const { rows, total } = await messages.listRecipients(
        writerOf(request.account),
        recipientFilter(q.filter),
        sort,
        offset,
        limit,
      );
      return pageWithTotal(reply, 'message-recipients', offset, rows, total);
    },
  );
};

export default recipientRoutes;
