import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { cdnRecord } from '../format/catalog.js';
import { withWarning } from '../http/deprecation.js';
import { alerts, successAlert, warningAlert } from '../http/errors.js';
import { PRIV, caller, type RouteDef } from '../http/route.js';
import { parseIntegerParam, toInteger } from '../services/params.js';
import { badRequest } from '../services/errors.js';
import { createCdn, deleteCdn, deleteCdnByName, updateCdn } from '../services/topology/cdn-writes.js';
import { cdnSchema } from '../../shared/contract/catalog.js';
import { alertedEnvelope, alertsOnly, list } from '../../shared/contract/schema.js';
import type { CdnBody } from '../../shared/rules/topology/cdns.js';
import { cdnSnapshotRoutes } from './cdn-snapshots.js';

const nullable = (type: 'string' | 'boolean' | 'integer') => ({ type: [type, 'null'] });

/** The body of POST and PUT cdns: types only; the rules and their texts are validateCdn's. */
const cdnBodySchema = {
  type: ['object', 'null'],
  properties: {
    id: nullable('integer'),
    name: nullable('string'),
    domainName: nullable('string'),
    dnssecEnabled: nullable('boolean'),
    lastUpdated: nullable('string'),
  },
};

const idParams = { type: 'object', properties: { id: { type: 'string' } } };
const nameParams = { type: 'object', properties: { name: { type: 'string' } } };
const listAnswer = { 200: alertedEnvelope(list(cdnSchema)) };
const writeAnswer = { 200: alertedEnvelope(cdnSchema) };

const deprecatedFor = (key: string) =>
  warningAlert(`This endpoint is deprecated, please use GET /cdns with query parameter ${key} instead`);

const pathId = (request: FastifyRequest) => parseIntegerParam((request.params as { id: string }).id, 'id');

/** The id of a generic write's path: 400 `failed to parse key: id` when it is not an integer. */
export function writeKey(request: FastifyRequest): number {
  const id = toInteger((request.params as { id: string }).id);
  if (id === null) throw badRequest('failed to parse key: id');
  return id;
}

/**
 * CDNs (reference §1.1–1.2, issue 30): the deprecated reads by id and name, and the writes (operations, 20). GET
 * cdns itself is in catalog.ts. CDNs carry no tenant: every caller of the privilege may write them.
 */
export function cdnRoutes(ctx: AppContext): RouteDef[] {
  // issue 35: the CRConfig and monitoring configuration (registered here: allRoutes is at its length limit)
  return [...cdnReads(ctx), ...cdnWrites(ctx), ...cdnSnapshotRoutes(ctx)];
}

function cdnReads(ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'GET',
      url: '/cdns/:id',
      since: '1.1',
      auth: PRIV.READ,
      cache: ['cdns'],
      schema: { params: idParams, response: listAnswer },
      handler: async (request) =>
        withWarning(deprecatedFor('id'), async () => {
          const cdn = await ctx.store.cdns.byId(pathId(request));
          return { ...alerts(deprecatedFor('id')), response: cdn ? [cdnRecord(cdn)] : [] };
        }),
    },
    {
      method: 'GET',
      url: '/cdns/name/:name',
      since: '1.1',
      auth: PRIV.READ,
      cache: ['cdns'],
      schema: { params: nameParams, response: listAnswer },
      handler: async (request) => {
        const cdn = await ctx.store.cdns.byName((request.params as { name: string }).name);
        return { ...alerts(deprecatedFor('name')), response: cdn ? [cdnRecord(cdn)] : [] };
      },
    },
  ];
}

function cdnWrites(ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'POST',
      url: '/cdns',
      since: '1.1',
      auth: PRIV.OPERATIONS,
      schema: { body: cdnBodySchema, response: writeAnswer },
      handler: async (request) => {
        const cdn = await createCdn(ctx, caller(request), request.body as CdnBody | null);
        return { ...alerts(successAlert('cdn was created.')), response: cdnRecord(cdn) };
      },
    },
    {
      method: 'PUT',
      url: '/cdns/:id',
      since: '1.1',
      auth: PRIV.OPERATIONS,
      schema: { params: idParams, body: cdnBodySchema, response: writeAnswer },
      handler: async (request) => {
        const cdn = await updateCdn(ctx, caller(request), writeKey(request), request.body as CdnBody | null);
        return { ...alerts(successAlert('cdn was updated.')), response: cdnRecord(cdn) };
      },
    },
    {
      method: 'DELETE',
      url: '/cdns/:id',
      since: '1.1',
      auth: PRIV.OPERATIONS,
      schema: { params: idParams, response: { 200: alertsOnly } },
      handler: async (request) => {
        await deleteCdn(ctx, caller(request), writeKey(request));
        return alerts(successAlert('cdn was deleted.'));
      },
    },
    {
      method: 'DELETE',
      url: '/cdns/name/:name',
      since: '1.1',
      auth: PRIV.OPERATIONS,
      schema: { params: nameParams, response: { 200: alertsOnly } },
      handler: async (request) => {
        await deleteCdnByName(ctx, caller(request), (request.params as { name: string }).name);
        return alerts(successAlert('cdn was deleted.'));
      },
    },
  ];
}
