import type { FastifyPluginAsync } from 'fastify';
import inviteRoutes from './invite';
import manageRoutes from './manage';
import profileRoutes from './profile';

/** Users and sub-admins: invitation, the user calls and the `users` resource, one's own profile. */
const userRoutes: FastifyPluginAsync = async (app) => {
  await app.register(inviteRoutes);
  await app.register(manageRoutes);
  await app.register(profileRoutes);
};

export default userRoutes;
