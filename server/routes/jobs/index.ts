import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import assigneeRoutes from './assignees';
import createRoutes from './create';
import listRoutes from './list';
import moveRoutes from './moves';
import templateRoutes from './templates';
import uploadRoutes from './upload';

/** Jobs (issue 3): `/job/…` at the spec's paths, and `/jobs` for react-admin's lists. */
const jobRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(templateRoutes); // public: a template holds no data
  await app.register(async (secured) => {
    secured.addHook('onRequest', secured.authenticate);
    await secured.register(createRoutes);
    await secured.register(uploadRoutes);
    await secured.register(listRoutes);
    await secured.register(moveRoutes);
    await secured.register(assigneeRoutes);
  });
};

export default jobRoutes;
