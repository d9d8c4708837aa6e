import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { successAlert } from '../http/errors.js';
import { PRIV, caller, type RouteDef } from '../http/route.js';
import {
  addUserResolvers,
  mappingItems,
  removeUserResolvers,
  replaceUserResolvers,
  userFederations,
} from '../services/federations/mappings.js';
import { goShapes } from '../versions.js';
import { userFederationSchema } from '../../shared/contract/federations.js';
import { alertsSchema, anyJsonValue, envelope, list, record, text } from '../../shared/contract/schema.js';

/** Up to 1.3 the text is the response alone; from 1.4 it is also a success alert (reference §8.1). */
const textAnswer = (request: FastifyRequest, texts: string[], response: string) =>
  goShapes(request.apiVersion) ? { alerts: texts.map(successAlert), response } : { response };

const writeSchema = {
  body: anyJsonValue,
  response: { 200: record({ alerts: alertsSchema, response: text }, ['alerts']) },
};

/**
 * The federation role's own resolver mappings (1.1+, priv 15): GET lists them per delivery service, POST adds,
 * DELETE removes all, PUT replaces (reference traffic-ops-wave3.md §8.1).
 */
export function federationMappingRoutes(ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'GET',
      url: '/federations',
      since: '1.1',
      auth: PRIV.PORTAL,
      schema: { response: { 200: envelope(list(userFederationSchema)) } },
      handler: async (request) => ({ response: await userFederations(ctx, caller(request)) }),
    },
    {
      method: 'POST',
      url: '/federations',
      since: '1.1',
      auth: PRIV.PORTAL,
      schema: writeSchema,
      handler: async (request) => {
        const created = await addUserResolvers(ctx, caller(request), mappingItems(request.body));
        return textAnswer(request, [created], created);
      },
    },
    {
      method: 'DELETE',
      url: '/federations',
      since: '1.1',
      auth: PRIV.PORTAL,
      schema: { response: writeSchema.response },
      handler: async (request) => {
        const deleted = await removeUserResolvers(ctx, caller(request), true);
        return textAnswer(request, [deleted], deleted);
      },
    },
    {
      method: 'PUT',
      url: '/federations',
      since: '1.1',
      auth: PRIV.PORTAL,
      schema: writeSchema,
      handler: async (request) => {
        const [deleted, created] = await replaceUserResolvers(ctx, caller(request), mappingItems(request.body));
        return textAnswer(request, [deleted, created], created);
      },
    },
  ];
}
