import type { AppContext } from '../context.js';
import type { RouteDef } from '../http/route.js';
import { record } from '../../shared/contract/schema.js';

/** GET ping: no session needed; proves the daemon answers. */
export function pingRoutes(_ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'GET',
      url: '/ping',
      since: '1.1',
      auth: 'none',
      schema: { response: { 200: record({ ping: { type: 'string', const: 'pong' } }) } },
      handler: async () => ({ ping: 'pong' }),
    },
  ];
}
