import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fileRoutes from './files';
import captureLinkRoutes from './links';
import publicCaptureRoutes from './public';
import photoUploadRoutes from './uploads';

/** Field capture: the public capture API, capture links, and evidence for reviewers. */
const captureRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(publicCaptureRoutes);
  await app.register(photoUploadRoutes);
  await app.register(captureLinkRoutes);
  await app.register(fileRoutes);
};

export default captureRoutes;
