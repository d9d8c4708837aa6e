import type { AppContext } from '../context.js';
import { serverDetails, type DetailsQuery } from '../services/caches/server-details.js';
import { serverDetailRecord } from '../format/server-details.js';
import { ApiError, alerts, warningAlert } from '../http/errors.js';
import { PRIV, caller, type RouteDef } from '../http/route.js';
import { alertedEnvelope } from '../../shared/contract/schema.js';
import { serverDetailSchema, serverDetailsAnswerSchema } from '../../shared/contract/server-links.js';

const DETAILS_DEPRECATION =
  'This endpoint is deprecated, please use GET servers/details with query parameters hostName instead';
const query = {
  querystring: {
    type: 'object',
    properties: Object.fromEntries(
      ['hostName', 'physLocationID', 'orderby', 'limit'].map((k) => [k, { type: 'string', maxLength: 256 }]),
    ),
  },
};

/**
 * GET servers/details and the deprecated servers/hostname/:hostName/details (1.1, read-only; issue 30). Both are
 * static paths, so they are not taken for servers/:id.
 */
export function serverDetailRoutes(ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'GET',
      url: '/servers/details',
      since: '1.1',
      auth: PRIV.READ,
      schema: { ...query, response: { 200: serverDetailsAnswerSchema } },
      handler: async (request) => {
        const principal = caller(request);
        const found = await serverDetails(ctx, principal, request.query as DetailsQuery);
        const passwords = principal.privLevel >= PRIV.OPERATIONS;
        const response = found.servers.map((d) => serverDetailRecord(d.server, d.dsIds, passwords));
        return { limit: found.limit, orderby: found.orderby, response, size: response.length };
      },
    },
    {
      method: 'GET',
      url: '/servers/hostname/:hostName/details',
      since: '1.1',
      auth: PRIV.READ,
      schema: {
        params: { type: 'object', properties: { hostName: { type: 'string' } } },
        response: { 200: alertedEnvelope(serverDetailSchema) },
      },
      handler: async (request) => {
        const principal = caller(request);
        const { hostName } = request.params as { hostName: string };
        const found = await serverDetails(ctx, principal, { hostName });
        const one = found.servers[0];
        if (!one) throw new ApiError(404, 'Not Found', [warningAlert(DETAILS_DEPRECATION)]);
        const record = serverDetailRecord(one.server, one.dsIds, principal.privLevel >= PRIV.OPERATIONS);
        return { ...alerts(warningAlert(DETAILS_DEPRECATION)), response: record };
      },
    },
  ];
}
