import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import companyDetailsRoutes from './details';
import companyListRoutes from './list';

/** Companies: react-admin's `companies` resource and the spec's company information call. */
const companyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(companyListRoutes);
  await app.register(companyDetailsRoutes);
};

export default companyRoutes;
