import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check',
        response: {
          200: Type.Object({
            status: Type.Literal('ok'),
            db: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]),
          }),
        },
      },
    },
    async () => {
      await app.db.query('SELECT 1');
      return { status: 'ok' as const, db: app.db.kind };
    },
  );
};

export default healthRoutes;
