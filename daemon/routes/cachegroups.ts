import type { AppContext } from '../context.js';
import { cachegroupRecord } from '../format/servers.js';
import { parseIntegerParam } from '../services/params.js';
import { PRIV, type RouteDef } from '../http/route.js';
import { envelope, list } from '../../shared/contract/schema.js';
import { cachegroupSchema } from '../../shared/contract/servers.js';

const listSchema = {
  querystring: {
    type: 'object',
    properties: { id: { type: 'string' }, name: { type: 'string', maxLength: 256 }, type: { type: 'string' } },
  },
  response: { 200: envelope(list(cachegroupSchema)) },
};

/** GET cachegroups (1.1): cache groups carry no tenant, so every caller sees them all. */
export function cachegroupRoutes(ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'GET',
      url: '/cachegroups',
      since: '1.1',
      auth: PRIV.READ,
      schema: listSchema,
      handler: async (request) => {
        const q = request.query as { id?: string; name?: string; type?: string };
        const list = await ctx.store.cachegroups.list({
          id: q.id === undefined ? undefined : parseIntegerParam(q.id, 'id'),
          name: q.name,
          type: q.type === undefined ? undefined : parseIntegerParam(q.type, 'type'),
        });
        return { response: list.map(cachegroupRecord) };
      },
    },
  ];
}
