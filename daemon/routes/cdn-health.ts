import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { alerts, successAlert } from '../http/errors.js';
import { PRIV, caller, type RouteDef } from '../http/route.js';
import { allCdnsHealth, cdnHealth, reportHealth } from '../services/health/health.js';
import { cdnHealthSchema, healthReportAnswerSchema } from '../../shared/contract/health.js';
import { alertedEnvelope, anyJsonValue, envelope } from '../../shared/contract/schema.js';

const nameParams = { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } as const;
const nameOf = (request: FastifyRequest) => (request.params as { name: string }).name;

/**
 * Cache health (issue 35, reference §1.6): Traffic Ops' health reads, answered from what the health monitors
 * (`cdnctl monitor run`) published, and our route they publish through (operations).
 */
export function cdnHealthRoutes(ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'GET',
      url: '/cdns/health',
      since: '1.1',
      auth: PRIV.READ,
      schema: { response: { 200: envelope(cdnHealthSchema) } },
      handler: async () => ({ response: await allCdnsHealth(ctx) }),
    },
    {
      method: 'GET',
      url: '/cdns/:name/health',
      since: '1.1',
      auth: PRIV.READ,
      schema: { params: nameParams, response: { 200: envelope(cdnHealthSchema) } },
      handler: async (request) => ({ response: await cdnHealth(ctx, nameOf(request)) }),
    },
    {
      method: 'POST',
      url: '/cdns/:name/health/report',
      since: '1.1',
      auth: PRIV.OPERATIONS,
      schema: { params: nameParams, body: anyJsonValue, response: { 200: alertedEnvelope(healthReportAnswerSchema) } },
      handler: async (request) => {
        const done = await reportHealth(ctx, caller(request), nameOf(request), request.body);
        return { ...alerts(successAlert(done.text)), response: done.answer };
      },
    },
  ];
}
