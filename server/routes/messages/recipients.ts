import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { RecipientFilter } from '../../repositories/messages';
import { Recipient, RecipientListQuery, recipientSortFields } from '../../schemas/messages';
import {
  FilterText,
  ListFilter,
  listPage,
  listSpec,
  parseListQuery,
} from '../../services/listFilter';
import { writerOf } from './view';

/** `GET /message-recipients`: its sorts and `filter`. */
const recipientList = listSpec({
  resource: 'message-recipients',
  noun: 'Recipients',
  sortFields: recipientSortFields,
  defaultSort: ['full_name', 'ASC'],
  filter: ListFilter({ q: FilterText() }),
});

const recipientRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { messages } = app.repos;

  app.get(
    '/message-recipients',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['messages'],
        summary: 'The users this user may write to (the compose screen’s picker)',
        description:
          'Provider staff: every active user. A company’s users: the provider’s staff and their ' +
          'own company’s users. ra-data-simple-rest conventions.',
        querystring: RecipientListQuery,
        response: { 200: Type.Array(Recipient) },
      },
    },
    async (request, reply) => {
      const { offset, limit, sort, filter: f } = parseListQuery(recipientList, request.query);
      const filter: RecipientFilter = { q: f.q, ids: f.id };
      return listPage(
        reply,
        recipientList,
        offset,
        messages.listRecipients(writerOf(request.account), filter, sort, offset, limit),
      );
    },
  );
};

export default recipientRoutes;
