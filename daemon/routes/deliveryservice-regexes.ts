import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { alerts, successAlert, warningAlert } from '../http/errors.js';
import { PRIV, caller, type RouteDef } from '../http/route.js';
import { parseIntegerParam } from '../services/params.js';
import {
  createRegex,
  deleteRegex,
  listRegexes,
  regexesByService,
  updateRegex,
  type RegexBody,
} from '../services/deliveryservices/regexes.js';
import type { DeliveryServiceRegex } from '../store/deliveryservice-writes.js';
import {
  dsMatchesSchema,
  dsRegexSchema,
  dsRegexesSchema,
  type DsRegexRecord,
} from '../../shared/contract/deliveryservice-extras.js';
import { alertedEnvelope, alertsOnly, anyJsonValue, envelope, list } from '../../shared/contract/schema.js';

const dsParams = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } as const;
const regexParams = {
  type: 'object',
  properties: { id: { type: 'string' }, regexId: { type: 'string' } },
  required: ['id', 'regexId'],
} as const;
const regexQuery = { type: 'object', properties: { id: { type: 'string' } } } as const;

const regexRecord = (r: DeliveryServiceRegex): DsRegexRecord => ({
  id: r.id,
  type: r.typeId,
  typeName: r.typeName,
  setNumber: r.setNumber,
  pattern: r.pattern,
});

const REGEX_BY_ID_DEPRECATED = warningAlert(
  "This endpoint is deprecated, please use GET '/deliveryservices/{dsid}/regexes' with query parameter id instead",
);
const MATCHES_DEPRECATED = warningAlert('This endpoint is deprecated, please use /deliveryservices_regexes instead');
const REGEX_SAVED = 'Delivery service regex creation was successful.';

const queryId = (request: FastifyRequest) => {
  const { id } = request.query as { id?: string };
  return id === undefined ? null : parseIntegerParam(id, 'id');
};
const dsId = (request: FastifyRequest) => parseIntegerParam((request.params as { id: string }).id, 'id');
const regexId = (request: FastifyRequest) =>
  parseIntegerParam((request.params as { regexId: string }).regexId, 'regexId');

/**
 * A match pattern as deliveryservice_matches wrote it: the regex without `\` and `.*` (reference wave3 §5.1),
 * or, for a delivery service whose remap text starts with `regex_map`, that text up to its first `-`.
 */
function matchPattern(pattern: string, remapText: string | null): string {
  if (remapText?.startsWith('regex_map')) {
    const dash = remapText.indexOf('-');
    return dash < 0 ? remapText : remapText.slice(0, dash);
  }
  return pattern.replaceAll('\\', '').replaceAll('.*', '');
}

/** The regex reads and writes of delivery services (§5.1, §5.6). */
export function deliveryServiceRegexRoutes(ctx: AppContext): RouteDef[] {
  return [...regexListRoutes(ctx), ...regexRoutes(ctx)];
}

/** deliveryservices_regexes and deliveryservice_matches: every visible delivery service's patterns. */
function regexListRoutes(ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'GET',
      url: '/deliveryservices_regexes',
      since: '1.1',
      auth: PRIV.READ,
      schema: { response: { 200: envelope(list(dsRegexesSchema)) } },
      handler: async (request) => {
        const all = await regexesByService(ctx, caller(request));
        return {
          response: all.map(({ ds, regexes }) => ({
            dsName: ds.xmlId,
            regexes: regexes.map((r) => ({ type: r.typeName, setNumber: r.setNumber, pattern: r.pattern })),
          })),
        };
      },
    },
    {
      method: 'GET',
      url: '/deliveryservice_matches',
      since: '1.1',
      auth: PRIV.READ,
      schema: { response: { 200: alertedEnvelope(list(dsMatchesSchema)) } },
      handler: async (request) => {
        const all = await regexesByService(ctx, caller(request));
        return {
          ...alerts(MATCHES_DEPRECATED),
          response: all.map(({ ds, regexes }) => ({
            patterns: regexes
              .filter((r) => r.typeName === 'HOST_REGEXP')
              .map((r) => matchPattern(r.pattern, ds.remapText)),
            dsName: ds.xmlId.replaceAll('-', '_'),
          })),
        };
      },
    },
  ];
}

/** One delivery service's regexes: read, add, change, delete. */
function regexRoutes(ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'GET',
      url: '/deliveryservices/:id/regexes',
      since: '1.1',
      auth: PRIV.READ,
      schema: { params: dsParams, querystring: regexQuery, response: { 200: envelope(list(dsRegexSchema)) } },
      handler: async (request) => ({
        response: (await listRegexes(ctx, caller(request), dsId(request), queryId(request))).map(regexRecord),
      }),
    },
    {
      method: 'GET',
      url: '/deliveryservices/:id/regexes/:regexId',
      since: '1.1',
      auth: PRIV.READ,
      schema: { params: regexParams, response: { 200: alertedEnvelope(list(dsRegexSchema)) } },
      handler: async (request) => {
        const found = await listRegexes(ctx, caller(request), dsId(request), regexId(request));
        return { ...alerts(REGEX_BY_ID_DEPRECATED), response: found.map(regexRecord) };
      },
    },
    {
      method: 'POST',
      url: '/deliveryservices/:id/regexes',
      since: '1.1',
      auth: PRIV.OPERATIONS,
      schema: { params: dsParams, body: anyJsonValue, response: { 200: alertedEnvelope(dsRegexSchema) } },
      handler: async (request) => {
        const regex = await createRegex(ctx, caller(request), dsId(request), request.body as RegexBody | null);
        return { ...alerts(successAlert(REGEX_SAVED)), response: regexRecord(regex) };
      },
    },
    {
      method: 'PUT',
      url: '/deliveryservices/:id/regexes/:regexId',
      since: '1.1',
      auth: PRIV.OPERATIONS,
      schema: { params: regexParams, body: anyJsonValue, response: { 200: alertedEnvelope(dsRegexSchema) } },
      handler: async (request) => {
        const body = request.body as RegexBody | null;
        const regex = await updateRegex(ctx, caller(request), dsId(request), regexId(request), body);
        return { ...alerts(successAlert(REGEX_SAVED)), response: regexRecord(regex) };
      },
    },
    {
      method: 'DELETE',
      url: '/deliveryservices/:id/regexes/:regexId',
      since: '1.1',
      auth: PRIV.OPERATIONS,
      schema: { params: regexParams, response: { 200: alertsOnly } },
      handler: async (request) => {
        await deleteRegex(ctx, caller(request), dsId(request), regexId(request));
        return alerts(successAlert('deliveryservice_regex was deleted.'));
      },
    },
  ];
}
