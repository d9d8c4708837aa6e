import type { AppContext } from '../context.js';
import { unauthorized } from '../http/errors.js';
import { PRIV, caller, type RouteDef } from '../http/route.js';
import { currentUserRecord } from '../format/users.js';

/** GET user/current: the caller's own record, shaped for the request's version. */
export function currentUserRoutes(ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'GET',
      url: '/user/current',
      since: '1.1',
      auth: PRIV.READ,
      handler: async (request) => {
        const user = await ctx.store.users.byId(caller(request).userId);
        if (!user) throw unauthorized();
        return { response: currentUserRecord(user, request.apiVersion) };
      },
    },
  ];
}
