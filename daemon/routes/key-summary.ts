import type { AppContext } from '../context.js';
import { PRIV, caller, type RouteDef } from '../http/route.js';
import { visibleTenants } from '../services/tenant-access.js';
import { requireVault } from '../services/vault/access.js';
import { keySummary } from '../services/vault/summary.js';
import { keySummarySchema } from '../../shared/contract/keys.js';
import { envelope, list } from '../../shared/contract/schema.js';

/**
 * GET keys/summary (cdnctl, not Traffic Ops): what is stored for each visible delivery service — key names and
 * ids, certificate fingerprints and expiry, who changed them when — without any key material, for the portal and
 * `cdnctl keys ssl list`. `xmlId` limits it to one delivery service (then listed even without keys).
 */
export function keySummaryRoutes(ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'GET',
      url: '/keys/summary',
      since: '1.1',
      auth: PRIV.ADMIN,
      schema: {
        querystring: { type: 'object', properties: { xmlId: { type: 'string' } } },
        response: { 200: envelope(list(keySummarySchema)) },
      },
      handler: async (request) => {
        const vault = requireVault(ctx);
        const xmlId = (request.query as { xmlId?: string }).xmlId;
        const services = await ctx.store.deliveryServices.list({
          xmlId,
          tenantIds: await visibleTenants(ctx, caller(request)),
        });
        const records = await vault.list(xmlId === undefined ? {} : { owner: xmlId });
        const now = ctx.clock();
        const response = services
          .map((ds) =>
            keySummary(
              ds.xmlId,
              records.filter((r) => r.owner === ds.xmlId),
              now,
            ),
          )
          .filter((s) => xmlId !== undefined || s.urlSigKeys || s.uriSigningKeys || s.sslKeys.length > 0);
        return { response };
      },
    },
  ];
}
