import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fileRoutes from './files';
import captureLinkRoutes from './links';
import publicCaptureRoutes from './public';

/** Field capture (issue 4): the public capture API, capture links, and evidence for reviewers. */
const captureRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(publicCaptureRoutes); // public: the link's token is the credential
  await app.register(async (secured) => {
    secured.addHook('onRequest', secured.authenticate);
    await secured.register(captureLinkRoutes);
    await secured.register(fileRoutes);
  });
};

export default captureRoutes;
