import type { AppContext } from '../context.js';
import { heartbeatAs } from '../services/caches/agent-check-in.js';
import { ORT_LEVEL, serverByIdOrName } from '../services/caches/check-in.js';
import { alerts, notFound, successAlert } from '../http/errors.js';
import { caller, type RouteDef } from '../http/route.js';
import { alertsOnly } from '../../shared/contract/schema.js';

/**
 * `POST servers/:hostname/checkin` (cdnctl's own, at every version): the heartbeat of an agent that had nothing to
 * apply. Reading update_status records nothing (issue 28), so without it an idle cache would look dead to CKIN and
 * to a job's propagation.
 */
export function serverHeartbeatRoutes(ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'POST',
      url: '/servers/:hostname/checkin',
      since: '1.1',
      auth: ORT_LEVEL,
      agentOnly: true,
      schema: {
        params: { type: 'object', properties: { hostname: { type: 'string' } } },
        response: { 200: alertsOnly },
      },
      handler: async (request) => {
        const { hostname } = request.params as { hostname: string };
        const server = await serverByIdOrName(ctx, caller(request), hostname);
        if (!server) throw notFound('no such server');
        await heartbeatAs(ctx, caller(request), server);
        return alerts(successAlert('checked in'));
      },
    },
  ];
}
