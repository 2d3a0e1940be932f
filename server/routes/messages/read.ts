import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { badRequest, notFound } from '../../errors';
import {
  type Box,
  type MessageListFilter,
  type MessageSortField,
} from '../../repositories/messages';
import { errorResponses } from '../../schemas/common';
import {
  Message,
  MessageIdParams,
  MessageListQuery,
  messageSortFields,
  UnreadCount,
} from '../../schemas/messages';
import {
  pageWithTotal,
  filterText,
  parseFilterObject,
  parseIds,
  parseRange,
  parseSort,
} from '../../services/listParams';
import { messageView } from './view';

const boxes: Box[] = ['inbox', 'sent'];

/** The list's `filter`: a box (the inbox unless ids are asked for), a search, ids. */
function messageFilter(text: string | undefined): MessageListFilter {
  const f = parseFilterObject(text);
  const out: MessageListFilter = {};
  const box = filterText(f, 'box');
  if (box) {
    if (!boxes.includes(box as Box)) throw badRequest('filter.box must be one of: inbox, sent');
    out.box = box as Box;
  }
  out.q = filterText(f, 'q');
  if (f.id !== undefined) out.ids = parseIds(f.id);
  if (!out.box && !out.ids) out.box = 'inbox';
  return out;
}

const readRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { messages } = app.repos;
  const tags = ['messages'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/messages',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        security,
        summary: "The user's inbox (or sent box), newest first, in ra-data-simple-rest conventions",
        description:
          'An array with `Content-Range: messages first-last/total`; `read` per message.',
        querystring: MessageListQuery,
        response: { 200: Type.Array(Message), ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const sort = parseSort<MessageSortField>(
        q.sort,
        messageSortFields,
        ['created_at', 'DESC'],
        'Messages',
      );
      const { offset, limit } = parseRange(q.range);
      const { rows, total } = await messages.list(
        request.account.id,
        messageFilter(q.filter),
        sort,
        offset,
        limit,
      );
      return pageWithTotal(reply, 'messages', offset, rows.map(messageView), total);
    },
  );

  app.get(
    '/messages/unread-count',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        security,
        summary: 'How many messages in the inbox are unread (the menu badge)',
        response: { 200: UnreadCount, ...errorResponses(401) },
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
        security,
        summary: 'One message, marked read when its recipient opens it',
        description: 'Only its sender and its recipients see it; anyone else gets 404.',
        params: MessageIdParams,
        response: { 200: Message, ...errorResponses(400, 401, 404) },
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
