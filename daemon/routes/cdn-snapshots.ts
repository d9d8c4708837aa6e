import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { withWarning } from '../http/deprecation.js';
import { alerts, warningAlert } from '../http/errors.js';
import { PRIV, caller, type RouteDef } from '../http/route.js';
import {
  SNAPSHOT_TEXTS,
  cdnToPublish,
  monitoringConfig,
  pendingCrConfig,
  publishSnapshot,
  publishedCrConfig,
  snapshotDiff,
} from '../services/crconfig/snapshots.js';
import { crConfigSchema, monitoringSchema, snapshotDiffSchema } from '../../shared/contract/crconfig-schemas.js';
import { alertedEnvelope, envelope } from '../../shared/contract/schema.js';

const nameParams = { type: 'object', properties: { name: { type: 'string' } } };
const cdnParams = { type: 'object', properties: { cdn: { type: 'string' } } };
const idParams = { type: 'object', properties: { id: { type: 'string' } } };
const nameOf = (request: FastifyRequest) => (request.params as { name: string }).name;
const publishAnswer = { 200: alertedEnvelope({ type: 'string', enum: ['SUCCESS'] }) };

/**
 * The configuration of the other servers (issue 35, reference §1.3–1.5): the CRConfig Traffic Router reads (as
 * published, and a live preview), the monitoring configuration Traffic Monitor reads, the two deprecated publish
 * routes (operations), and our diff of pending against published. CDN-wide documents: not narrowed by tenant.
 */
export function cdnSnapshotRoutes(ctx: AppContext): RouteDef[] {
  return [...snapshotReads(ctx), ...publishRoutes(ctx)];
}

function snapshotReads(ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'GET',
      url: '/cdns/:name/snapshot',
      since: '1.1',
      auth: PRIV.READ,
      schema: { params: nameParams, response: { 200: envelope(crConfigSchema) } },
      handler: async (request) => ({ response: await publishedCrConfig(ctx, nameOf(request)) }),
    },
    {
      method: 'GET',
      url: '/cdns/:name/snapshot/new',
      since: '1.1',
      auth: PRIV.READ,
      schema: { params: nameParams, response: { 200: envelope(crConfigSchema) } },
      handler: async (request) => ({ response: await pendingCrConfig(ctx, caller(request), nameOf(request)) }),
    },
    {
      method: 'GET',
      url: '/cdns/:name/snapshot/diff',
      since: '1.1',
      auth: PRIV.READ,
      schema: { params: nameParams, response: { 200: envelope(snapshotDiffSchema) } },
      handler: async (request) => ({ response: await snapshotDiff(ctx, caller(request), nameOf(request)) }),
    },
    {
      method: 'GET',
      url: '/cdns/:name/configs/monitoring',
      since: '1.1',
      auth: PRIV.READ,
      schema: { params: nameParams, response: { 200: envelope(monitoringSchema) } },
      handler: async (request) => ({ response: await monitoringConfig(ctx, nameOf(request)) }),
    },
  ];
}

function publish(ctx: AppContext, request: FastifyRequest, ref: { id: string } | { name: string }) {
  const warning = warningAlert(SNAPSHOT_TEXTS.deprecated);
  return withWarning(warning, async () => {
    await publishSnapshot(ctx, caller(request), await cdnToPublish(ctx, ref));
    return { ...alerts(warning), response: 'SUCCESS' };
  });
}

function publishRoutes(ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'PUT',
      url: '/cdns/:id/snapshot',
      since: '1.1',
      auth: PRIV.OPERATIONS,
      schema: { params: idParams, response: publishAnswer },
      handler: async (request) => publish(ctx, request, { id: (request.params as { id: string }).id }),
    },
    {
      method: 'PUT',
      url: '/snapshot/:cdn',
      since: '1.1',
      auth: PRIV.OPERATIONS,
      schema: { params: cdnParams, response: publishAnswer },
      handler: async (request) => publish(ctx, request, { name: (request.params as { cdn: string }).cdn }),
    },
  ];
}
