import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import readRoutes from './read';
import recipientRoutes from './recipients';
import sendRoutes from './send';

/** Messages between users, broadcasts, the inbox and the recipient picker. */
const messageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(sendRoutes);
  await app.register(readRoutes);
  await app.register(recipientRoutes);
};

export default messageRoutes;
