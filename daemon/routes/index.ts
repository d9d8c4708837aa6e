import type { AppContext } from '../context.js';
import type { RouteDef } from '../http/route.js';
import { catalogRoutes } from './catalog.js';
import { deliveryServiceRoutes } from './deliveryservices.js';
import { federationUserRoutes } from './federation-users.js';
import { jobRoutes } from './jobs.js';
import { logRoutes } from './logs.js';
import { originRoutes } from './origins.js';
import { pingRoutes } from './ping.js';
import { profileRoutes } from './profiles.js';
import { regexRevalidateRoutes } from './regex-revalidate.js';
import { sessionRoutes } from './session.js';
import { currentUserRoutes } from './user-current.js';
import { userDeliveryServiceRoutes } from './user-deliveryservices.js';
import { usersRoutes } from './users.js';
import { passwordResetRoutes } from './password-reset.js';

/** Every route module of the API, in one list: the app registers each route at the versions that serve it. */
export function allRoutes(ctx: AppContext): RouteDef[] {
  return [
    pingRoutes,
    sessionRoutes,
    currentUserRoutes,
    usersRoutes,
    userDeliveryServiceRoutes,
    passwordResetRoutes,
    jobRoutes,
    regexRevalidateRoutes,
    originRoutes,
    federationUserRoutes,
    profileRoutes,
    deliveryServiceRoutes,
    catalogRoutes,
    logRoutes,
  ].flatMap((module) => module(ctx));
}
