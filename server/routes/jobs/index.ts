import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import assigneeRoutes from './assignees';
import checksRoutes from './checks';
import createRoutes from './create';
import listRoutes from './list';
import moveRoutes from './moves';
import priceRoutes from './price';
import templateRoutes from './templates';
import uploadRoutes from './upload';

/** Jobs: `/job/…` at the spec's paths, and `/jobs` for react-admin's lists. */
const jobRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(templateRoutes);
  await app.register(createRoutes);
  await app.register(priceRoutes);
  await app.register(uploadRoutes);
  await app.register(listRoutes);
  await app.register(moveRoutes);
  await app.register(assigneeRoutes);
  await app.register(checksRoutes);
};

export default jobRoutes;
