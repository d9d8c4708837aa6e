import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { ApiError, badRequest, notFound, successAlert } from '../http/errors.js';
import { parseIntegerParam } from '../services/params.js';
import { PRIV, caller, type RouteDef } from '../http/route.js';
import { requireTenant } from '../services/tenant-access.js';
import type { DeliveryService } from '../store/deliveryservices.js';
import { keyedService, noDsNamed, noteKeyChange, requireVault } from '../services/vault/access.js';
import { generateUrlSigKeys, urlSigSummary, type UrlSigKeys } from '../services/vault/url-keys.js';
import { urlSigKeysSchema } from '../../shared/contract/keys.js';
import { alertsOnly, maybeAlerted } from '../../shared/contract/schema.js';

const URL_SIG = (owner: string) => ({ kind: 'url_sig', owner, version: 0 }) as const;
const xmlIdParams = { params: { type: 'object', properties: { xmlId: { type: 'string' } }, required: ['xmlId'] } };
const idParams = { params: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } };
const copyParams = {
  params: {
    type: 'object',
    properties: { xmlId: { type: 'string' }, copyFromXmlId: { type: 'string' } },
    required: ['xmlId', 'copyFromXmlId'],
  },
};
const keysResponse = { 200: maybeAlerted(urlSigKeysSchema) };
const doneResponse = { 200: alertsOnly };

/** The keys of a delivery service the caller may see, as Traffic Ops answered them (`{}` plus an alert when none). */
async function readKeys(ctx: AppContext, request: FastifyRequest, ds: DeliveryService) {
  const vault = requireVault(ctx);
  const stored = await vault.read<UrlSigKeys>(URL_SIG(ds.xmlId));
  await noteKeyChange(ctx, caller(request), request.log, { action: 'url-read', xmlId: ds.xmlId, dsId: ds.id });
  if (!stored) return { alerts: [successAlert('No url sig keys found')], response: {} };
  return { response: stored.secret };
}

/**
 * URL-signing keys (Traffic Vault bucket url_sig_keys), admin only (BEHAVIOR.md "Key store": Traffic Ops let
 * read-only users read them and operations users write them).
 */
export function urlKeyRoutes(ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'GET',
      url: '/deliveryservices/xmlId/:xmlId/urlkeys',
      since: '1.1',
      auth: PRIV.ADMIN,
      schema: { ...xmlIdParams, response: keysResponse },
      handler: async (request) => {
        requireVault(ctx);
        const ds = await keyedService(ctx, caller(request), (request.params as { xmlId: string }).xmlId);
        return readKeys(ctx, request, ds);
      },
    },
    {
      method: 'GET',
      url: '/deliveryservices/:id/urlkeys',
      since: '1.1',
      auth: PRIV.ADMIN,
      schema: { ...idParams, response: keysResponse },
      handler: async (request) => {
        requireVault(ctx);
        const id = parseIntegerParam((request.params as { id: string }).id, 'id');
        const ds = await ctx.store.deliveryServices.byId(id);
        if (!ds) throw notFound(`delivery service ${id} not found`);
        await requireTenant(ctx, caller(request), ds.tenantId);
        return readKeys(ctx, request, ds);
      },
    },
    {
      method: 'POST',
      url: '/deliveryservices/xmlId/:xmlId/urlkeys/generate',
      since: '1.1',
      auth: PRIV.ADMIN,
      schema: { ...xmlIdParams, response: doneResponse },
      handler: async (request) => {
        const vault = requireVault(ctx);
        const principal = caller(request);
        const ds = await keyedService(ctx, principal, (request.params as { xmlId: string }).xmlId);
        const keys = generateUrlSigKeys();
        await vault.write(URL_SIG(ds.xmlId), keys, urlSigSummary(keys), principal.username, ctx.clock());
        await noteKeyChange(ctx, caller(request), request.log, {
          action: 'url-generate',
          xmlId: ds.xmlId,
          dsId: ds.id,
        });
        return { alerts: [successAlert('Successfully generated and stored keys')] };
      },
    },
    {
      method: 'POST',
      url: '/deliveryservices/xmlId/:xmlId/urlkeys/copyFromXmlId/:copyFromXmlId',
      since: '1.1',
      auth: PRIV.ADMIN,
      schema: { ...copyParams, response: doneResponse },
      handler: async (request) => {
        const vault = requireVault(ctx);
        const principal = caller(request);
        const params = request.params as { xmlId: string; copyFromXmlId: string };
        const ds = await keyedService(ctx, principal, params.xmlId, noDsNamed(params.xmlId));
        const from = await keyedService(
          ctx,
          principal,
          params.copyFromXmlId,
          noDsNamed(params.copyFromXmlId),
          'not authorized on this copy tenant',
        );
        if (from.id === ds.id) throw badRequest('cannot copy URL sig keys from a delivery service to itself');
        const stored = await vault.read<UrlSigKeys>(URL_SIG(from.xmlId));
        if (!stored) throw new ApiError(400, `Unable to retrieve keys from Delivery Service '${from.xmlId}'`);
        await vault.write(
          URL_SIG(ds.xmlId),
          stored.secret,
          urlSigSummary(stored.secret),
          principal.username,
          ctx.clock(),
        );
        await noteKeyChange(ctx, caller(request), request.log, {
          action: 'url-copy',
          xmlId: ds.xmlId,
          dsId: ds.id,
          from: from.xmlId,
        });
        return { alerts: [successAlert('Successfully copied and stored keys')] };
      },
    },
  ];
}
