import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { notFound } from '../../errors';
import { sessionsListed, type SessionRow } from '../../repositories/sessions';
import { Session, SessionIdParams } from '../../schemas/sessions';
import { deviceName } from '../../services/deviceName';

/**
 * `GET /auth/sessions`, `DELETE /auth/sessions/{id}`, `POST /auth/sessions/end-others`: the
 * signed-in user's devices, each of which they may sign out. Another user's session is 404.
 */
const sessionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { sessions } = app.repos;
  const tags = ['auth'];

  const sessionView = (row: SessionRow, currentId: string): Session => ({
    id: row.id,
    device: deviceName(row.user_agent),
    ip: row.last_ip,
    created_ip: row.created_ip,
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at.toISOString(),
    current: row.id === currentId,
  });

  app.get(
    '/sessions',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary:
          "Your signed-in devices: live sessions, last used first, this one marked 'current'",
        description:
          'A session is used when it signs in or refreshes its tokens (the app refreshes while it ' +
          'is open), so `last_used_at` and `ip` are those of the last refresh. At most ' +
          `${sessionsListed} are listed, this one always among them.`,
        response: { 200: Type.Array(Session) },
      },
    },
    async (request) => {
      const rows = await sessions.liveOf(request.account.id, request.sessionId, app.config);
      return rows.map((row) => sessionView(row, request.sessionId));
    },
  );

  app.delete(
    '/sessions/:id',
    {
      config: { access: 'signed-in', audit: 'session.end' },
      schema: {
        tags,
        summary: 'Sign out one of your devices: its refresh token fails from now on',
        description:
          'Its access token stops at its next full session check. Another user’s session, or one ' +
          'already ended, is 404.',
        params: SessionIdParams,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      if (!(await sessions.revokeOwn(request.account.id, request.params.id))) {
        throw notFound('Session not found');
      }
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/sessions/end-others',
    {
      config: { access: 'signed-in', audit: 'session.end_others' },
      schema: {
        tags,
        summary: 'Sign out everywhere else: every session of yours but this one ends',
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      await sessions.revokeOthersOf(request.account.id, request.sessionId);
      return reply.code(204).send(null);
    },
  );
};

export default sessionRoutes;
