import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { badRequest, successAlert } from '../http/errors.js';
import { PRIV, caller, type RouteDef } from '../http/route.js';
import { parseIntegerParam, toInteger } from '../services/params.js';
import {
  assignRequest,
  createRequest,
  deleteRequest,
  listRequests,
  setRequestStatus,
  updateRequest,
} from '../services/ds-requests/requests.js';
import { addComment, deleteComment, editComment, listComments } from '../services/ds-requests/comments.js';
import type { DsRequest, DsRequestComment } from '../store/ds-requests.js';
import { formatTimestampTz } from '../../shared/time.js';
import { dsRequestCommentSchema, dsRequestSchema } from '../../shared/contract/ds-requests.js';
import { alertedEnvelope, alertsOnly, anyJsonValue, envelope, list } from '../../shared/contract/schema.js';

const idQuery = { querystring: { type: 'object', properties: { id: { type: 'string' } } } };
const idParams = { params: { type: 'object', properties: { id: { type: 'string' } } } };
const requestAnswer = { 200: alertedEnvelope(dsRequestSchema) };
const commentAnswer = { 200: alertedEnvelope(dsRequestCommentSchema) };

/** A request as the API answers it: the proposed delivery service as sent, `assignee*` only when assigned. */
function requestRecord(r: DsRequest) {
  return {
    ...(r.assigneeId === null || r.assignee === null ? {} : { assigneeId: r.assigneeId, assignee: r.assignee }),
    authorId: r.authorId,
    author: r.author,
    changeType: r.changeType,
    createdAt: formatTimestampTz(r.createdAt),
    id: r.id,
    lastEditedBy: r.lastEditedBy,
    lastEditedById: r.lastEditedById,
    lastUpdated: formatTimestampTz(r.lastUpdated),
    deliveryService: JSON.parse(r.deliveryService) as unknown,
    status: r.status,
  };
}

function commentRecord(c: DsRequestComment) {
  return {
    authorId: c.authorId,
    author: c.author,
    deliveryServiceRequestId: c.deliveryServiceRequestId,
    id: c.id,
    lastUpdated: formatTimestampTz(c.lastUpdated),
    value: c.value,
    xmlId: c.xmlId,
  };
}

function queryId(request: FastifyRequest): number {
  const raw = (request.query as { id?: string }).id;
  if (raw === undefined || raw === '') throw badRequest('missing key: id');
  const id = toInteger(raw);
  if (id === null) throw badRequest('failed to parse key: id');
  return id;
}

function pathId(request: FastifyRequest): number {
  const id = toInteger((request.params as { id: string }).id);
  if (id === null) throw badRequest('failed to parse key: id');
  return id;
}

/** The integer filters present in the query (400 `<key> cannot parse to integer` for a bad one). */
function intFilters<K extends string>(request: FastifyRequest, keys: readonly K[]): Partial<Record<K, number>> {
  const query = request.query as Record<string, string | undefined>;
  const out: Partial<Record<K, number>> = {};
  for (const key of keys) if (query[key] !== undefined) out[key] = parseIntegerParam(query[key], key);
  return out;
}

function requestFilters(request: FastifyRequest) {
  const query = request.query as Record<string, string | undefined>;
  return {
    ...intFilters(request, ['id', 'assigneeId', 'authorId'] as const),
    ...(query.changeType === undefined ? {} : { changeType: query.changeType }),
    ...(query.status === undefined ? {} : { status: query.status }),
    ...(query.xmlId === undefined ? {} : { xmlId: query.xmlId }),
  };
}

/** GET/POST/PUT/DELETE deliveryservice_requests, PUT …/:id/status and …/:id/assign (1.3+; reference §5.7). */
function requestRoutes(ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'GET',
      url: '/deliveryservice_requests',
      since: '1.3',
      auth: PRIV.READ,
      schema: { response: { 200: envelope(list(dsRequestSchema)) } },
      handler: async (request) => ({
        response: (await listRequests(ctx, caller(request), requestFilters(request))).map(requestRecord),
      }),
    },
    {
      method: 'POST',
      url: '/deliveryservice_requests',
      since: '1.3',
      auth: PRIV.PORTAL,
      schema: { body: anyJsonValue, response: requestAnswer },
      handler: async (request) => {
        const r = await createRequest(ctx, caller(request), request.body, request.apiVersion);
        return { alerts: [successAlert('Delivery Service request created')], response: requestRecord(r) };
      },
    },
    {
      method: 'PUT',
      url: '/deliveryservice_requests',
      since: '1.3',
      auth: PRIV.PORTAL,
      schema: { ...idQuery, body: anyJsonValue, response: requestAnswer },
      handler: async (request) => {
        const id = queryId(request);
        const r = await updateRequest(ctx, caller(request), id, request.body, request.apiVersion);
        return { alerts: [successAlert(`Delivery Service Request #${id} updated`)], response: requestRecord(r) };
      },
    },
    {
      method: 'DELETE',
      url: '/deliveryservice_requests',
      since: '1.3',
      auth: PRIV.PORTAL,
      schema: { ...idQuery, response: { 200: alertsOnly } },
      handler: async (request) => {
        const id = queryId(request);
        await deleteRequest(ctx, caller(request), id);
        return { alerts: [successAlert(`Delivery Service Request #${id} deleted`)] };
      },
    },
  ];
}

/** PUT deliveryservice_requests/:id/status (Portal) and …/:id/assign (Operations). */
function requestActionRoutes(ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'PUT',
      url: '/deliveryservice_requests/:id/status',
      since: '1.3',
      auth: PRIV.PORTAL,
      schema: { ...idParams, body: anyJsonValue, response: requestAnswer },
      handler: async (request) => {
        const { request: r, text } = await setRequestStatus(ctx, caller(request), pathId(request), request.body);
        return { alerts: [successAlert(text)], response: requestRecord(r) };
      },
    },
    {
      method: 'PUT',
      url: '/deliveryservice_requests/:id/assign',
      since: '1.3',
      auth: PRIV.OPERATIONS,
      schema: { ...idParams, body: anyJsonValue, response: requestAnswer },
      handler: async (request) => {
        const { request: r, text } = await assignRequest(ctx, caller(request), pathId(request), request.body);
        return { alerts: [successAlert(text)], response: requestRecord(r) };
      },
    },
  ];
}

/** GET/POST/PUT/DELETE deliveryservice_request_comments (1.3+; PUT and DELETE by `?id=`). */
function commentRoutes(ctx: AppContext): RouteDef[] {
  const TYPE = 'deliveryservice_request_comment';
  return [
    {
      method: 'GET',
      url: '/deliveryservice_request_comments',
      since: '1.3',
      auth: PRIV.READ,
      schema: { response: { 200: envelope(list(dsRequestCommentSchema)) } },
      handler: async (request) => {
        const filters = intFilters(request, ['id', 'authorId', 'deliveryServiceRequestId'] as const);
        return { response: (await listComments(ctx, caller(request), filters)).map(commentRecord) };
      },
    },
    {
      method: 'POST',
      url: '/deliveryservice_request_comments',
      since: '1.3',
      auth: PRIV.PORTAL,
      schema: { body: anyJsonValue, response: commentAnswer },
      handler: async (request) => ({
        alerts: [successAlert(`${TYPE} was created.`)],
        response: commentRecord(await addComment(ctx, caller(request), request.body)),
      }),
    },
    {
      method: 'PUT',
      url: '/deliveryservice_request_comments',
      since: '1.3',
      auth: PRIV.PORTAL,
      schema: { ...idQuery, body: anyJsonValue, response: commentAnswer },
      handler: async (request) => ({
        alerts: [successAlert(`${TYPE} was updated.`)],
        response: commentRecord(await editComment(ctx, caller(request), queryId(request), request.body)),
      }),
    },
    {
      method: 'DELETE',
      url: '/deliveryservice_request_comments',
      since: '1.3',
      auth: PRIV.PORTAL,
      schema: { ...idQuery, response: { 200: alertsOnly } },
      handler: async (request) => {
        await deleteComment(ctx, caller(request), queryId(request));
        return { alerts: [successAlert(`${TYPE} was deleted.`)] };
      },
    },
  ];
}

/** Delivery-service requests and their comments (issue 31). */
export function dsRequestRoutes(ctx: AppContext): RouteDef[] {
  return [...requestRoutes(ctx), ...requestActionRoutes(ctx), ...commentRoutes(ctx)];
}
