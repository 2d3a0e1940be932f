import type { FastifyPluginAsync } from 'fastify';
import authRoutes from './auth';
import healthRoutes from './health';

/** Every API route, mounted under /api/v2 by app.ts. One folder per area of the API. */
const routes: FastifyPluginAsync = async (app) => {
  await app.register(healthRoutes);
  await app.register(authRoutes, { prefix: '/auth' });
};

export default routes;
