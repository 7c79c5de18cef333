import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { baseInfoRoutes } from './base-info';
import { orgRoutes } from './org-routes';
import { profileRoutes, type CurrentUserOptions } from './profile-routes';
import { registrationRoutes } from './registration-routes';
import { signImgRoutes } from './sign-img-routes';

/**
 * Mounted at /api/permission/Users: the signed-in user's own settings under /Current (spec 7.2)
 * and the staff review of self-registrations (/Pending, /{id}/Actions/Approve).
 */
export const currentUserModule: FastifyPluginAsyncTypebox<CurrentUserOptions> = async (app, { db, dataDir }) => {
  // Only what the parts need: passing the registration options on would repeat the prefix.
  const opts = { db, dataDir };
  await app.register(baseInfoRoutes, opts);
  await app.register(profileRoutes, opts);
  await app.register(orgRoutes, opts);
  await app.register(signImgRoutes, opts);
  await app.register(registrationRoutes, opts);
};
