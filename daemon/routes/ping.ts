import type { AppContext } from '../context.js';
import type { RouteDef } from '../http/route.js';

/** GET ping: no session needed; proves the daemon answers. */
export function pingRoutes(_ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'GET',
      url: '/ping',
      since: '1.1',
      auth: 'none',
      handler: async () => ({ ping: 'pong' }),
    },
  ];
}
