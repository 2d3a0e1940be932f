import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { notFound } from '../../errors';
import type { Box, MessageListFilter } from '../../repositories/messages';
import {
  Message,
  MessageIdParams,
  MessageListQuery,
  messageSortFields,
  UnreadCount,
} from '../../schemas/messages';
import {
  FilterOneOf,
  FilterText,
  ListFilter,
  listPage,
  listSpec,
  parseListQuery,
} from '../../services/listFilter';
import { messageView } from './view';

const boxes: Box[] = ['inbox', 'sent'];

/** `GET /messages`: its sorts and `filter`, a box (the inbox unless ids are asked for), a search, ids. */
const messageList = listSpec({
  resource: 'messages',
  noun: 'Messages',
  sortFields: messageSortFields,
  defaultSort: ['created_at', 'DESC'],
  filter: ListFilter({ box: FilterOneOf(boxes), q: FilterText() }),
});

const readRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { messages } = app.repos;
  const tags = ['messages'];

  app.get(
    '/messages',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: "The user's inbox (or sent box), newest first, in ra-data-simple-rest conventions",
        description:
          'An array with `Content-Range: messages first-last/total`; `read` per message.',
        querystring: MessageListQuery,
        response: { 200: Type.Array(Message) },
      },
    },
    async (request, reply) => {
      const { offset, limit, sort, filter: f } = parseListQuery(messageList, request.query);
      const filter: MessageListFilter = { box: f.box, q: f.q, ids: f.id };
      if (!filter.box && !filter.ids) filter.box = 'inbox';
      return listPage(
        reply,
        messageList,
        offset,
        messages.list(request.account.id, filter, sort, offset, limit),
        messageView,
      );
    },
  );

  app.get(
    '/messages/unread-count',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'How many messages in the inbox are unread (the menu badge)',
        response: { 200: UnreadCount },
      },
    },
    async (request) => ({ count: await messages.unreadCount(request.account.id) }),
  );

  app.get(
    '/messages/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'One message, marked read when its recipient opens it',
        description: 'Only its sender and its recipients see it; anyone else gets 404.',
        params: MessageIdParams,
        response: { 200: Message },
      },
    },
    async (request) => {
      const message = await messages.findVisible(request.params.id, request.account.id);
      if (!message) throw notFound('Message not found');
      if (message.box === 'inbox' && !message.read) {
        await messages.markRead(message.id, request.account.id);
        message.read = true;
      }
      return messageView(message);
    },
  );
};

export default readRoutes;
