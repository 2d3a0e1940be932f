import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import deliveryRoutes from './deliveries';
import endpointRoutes from './endpoints';

/** Webhooks: a company's endpoints, their delivery logs, resends and test events. */
const webhookRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(endpointRoutes);
  await app.register(deliveryRoutes);
};

export default webhookRoutes;
