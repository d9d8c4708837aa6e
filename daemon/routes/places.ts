import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { placeRecord } from '../format/places.js';
import { withWarning } from '../http/deprecation.js';
import { alerts, badRequest, successAlert, warningAlert, type Alert } from '../http/errors.js';
import { PRIV, caller, type RouteDef } from '../http/route.js';
import { toInteger } from '../services/params.js';
import { queryRecords } from '../services/places/query.js';
import type { PlaceResource } from '../services/places/resources.js';
import { createPlace, deletePlace, updatePlace } from '../services/places/writes.js';
import type { ApiVersion } from '../versions.js';
import { alertedEnvelope, alertsOnly, envelope, list, type JsonSchema } from '../../shared/contract/schema.js';

/** How one table is served (reference §3): its path, record schema, versions and deprecated variants. */
export interface PlaceRoutes<R, F> {
  resource: PlaceResource<R, F>;
  path: string;
  schema: JsonSchema;
  since: ApiVersion;
  /** GET `<path>/:id`, deprecated, with this warning. */
  byIdWarning?: string;
  /** PUT and DELETE `<path>/:id` (the 1.1 routes); DELETE's warning when it is deprecated. */
  pathWrites?: { deleteWarning?: string };
  /** PUT and DELETE `<path>?id=N`, from this version. */
  queryWrites?: ApiVersion;
  /** The list's response schema by version, where it changes (ASNs at 1.1). */
  listAt?: RouteDef['responseAt'];
  /** The list answer's `response` by version (ASNs at 1.1 wrap theirs). */
  wrapList?: (version: ApiVersion, records: unknown[]) => unknown;
}

const idParams = { type: 'object', properties: { id: { type: 'string' } } } as const;
const body = { type: ['object', 'null'] } as const;
const PAGING = ['orderby', 'sortOrder', 'limit', 'offset', 'page'];

const querySchema = (keys: readonly string[]) => ({
  type: 'object',
  properties: Object.fromEntries([...keys, ...PAGING].map((k) => [k, { type: 'string', maxLength: 256 }])),
});

/** The id of a write's path or query: 400 `missing key: id` / `failed to parse key: id`, as Traffic Ops. */
export function writeId(request: FastifyRequest): number {
  const params = request.params as { id?: string };
  const text = params.id ?? (request.query as { id?: string }).id;
  if (text === undefined || text === '') throw badRequest('missing key: id');
  const id = toInteger(text);
  if (id === null) throw badRequest('failed to parse key: id');
  return id;
}

/** Records of the table, filtered, ordered and paged by the request's query. */
async function listed<R, F>(ctx: AppContext, routes: PlaceRoutes<R, F>, query: Record<string, string>) {
  const records = await routes.resource.of(ctx.store.places).list();
  return queryRecords(records, routes.resource.filters, query).map((r) => placeRecord(r));
}

function readRoutes<R, F>(ctx: AppContext, routes: PlaceRoutes<R, F>): RouteDef[] {
  const { path, since, schema } = routes;
  const filterKeys = Object.keys(routes.resource.filters);
  const defs: RouteDef[] = [
    {
      method: 'GET',
      url: `/${path}`,
      since,
      auth: PRIV.READ,
      schema: {
        querystring: querySchema(filterKeys),
        ...(routes.listAt ? {} : { response: { 200: envelope(list(schema)) } }),
      },
      ...(routes.listAt ? { responseAt: routes.listAt } : {}),
      handler: async (request) => {
        const records = await listed(ctx, routes, request.query as Record<string, string>);
        return { response: routes.wrapList ? routes.wrapList(request.apiVersion, records) : records };
      },
    },
  ];
  const warning = routes.byIdWarning;
  if (warning) {
    defs.push({
      method: 'GET',
      url: `/${path}/:id`,
      since,
      auth: PRIV.READ,
      schema: { params: idParams, response: { 200: alertedEnvelope(list(schema)) } },
      handler: async (request) =>
        withWarning(warningAlert(warning), async () => {
          const query = { id: (request.params as { id: string }).id };
          return { ...alerts(warningAlert(warning)), response: await listed(ctx, routes, query) };
        }),
    });
  }
  return defs;
}

function writeRoutes<R, F>(ctx: AppContext, routes: PlaceRoutes<R, F>): RouteDef[] {
  const { resource, path, since, schema } = routes;
  const written = { 200: alertedEnvelope(schema) };
  const update: Handler = async (request) => {
    const record = await updatePlace(ctx, caller(request), resource, writeId(request), request.body);
    return { ...alerts(successAlert(`${resource.t} was updated.`)), response: placeRecord(record) };
  };
  const remove: Remove = async (request) => {
    await deletePlace(ctx, caller(request), resource, writeId(request));
    return alerts(successAlert(`${resource.t} was deleted.`));
  };
  const defs: RouteDef[] = [
    {
      method: 'POST',
      url: `/${path}`,
      since,
      auth: PRIV.OPERATIONS,
      schema: { body, response: written },
      handler: async (request) => {
        const record = await createPlace(ctx, caller(request), resource, request.body);
        return { ...alerts(successAlert(`${resource.t} was created.`)), response: placeRecord(record) };
      },
    },
  ];
  return [...defs, ...idWrites(routes, update, remove)];
}

type Handler = RouteDef['handler'];
type Remove = (request: FastifyRequest) => Promise<{ alerts: Alert[] }>;

/** PUT and DELETE by path id (1.1) and by `?id=` (from `queryWrites`). */
function idWrites<R, F>(routes: PlaceRoutes<R, F>, update: Handler, remove: Remove): RouteDef[] {
  const { path, since, schema } = routes;
  const written = { 200: alertedEnvelope(schema) };
  const defs: RouteDef[] = [];
  if (routes.pathWrites) {
    const deleteWarning = routes.pathWrites.deleteWarning;
    defs.push(
      {
        method: 'PUT',
        url: `/${path}/:id`,
        since,
        auth: PRIV.OPERATIONS,
        schema: { params: idParams, body, response: written },
        handler: update,
      },
      {
        method: 'DELETE',
        url: `/${path}/:id`,
        since,
        auth: PRIV.OPERATIONS,
        schema: { params: idParams, response: { 200: alertsOnly } },
        handler: deleteWarning
          ? async (request) => {
              const answer = await withWarning(warningAlert(deleteWarning), () => remove(request));
              return alerts(warningAlert(deleteWarning), ...answer.alerts);
            }
          : remove,
      },
    );
  }
  if (routes.queryWrites) {
    const at = routes.queryWrites;
    const query = { type: 'object', properties: { id: { type: 'string', maxLength: 256 } } };
    defs.push(
      {
        method: 'PUT',
        url: `/${path}`,
        since: at,
        auth: PRIV.OPERATIONS,
        schema: { querystring: query, body, response: written },
        handler: update,
      },
      {
        method: 'DELETE',
        url: `/${path}`,
        since: at,
        auth: PRIV.OPERATIONS,
        schema: { querystring: query, response: { 200: alertsOnly } },
        handler: remove,
      },
    );
  }
  return defs;
}

/** Every route of one table. */
export function placeRoutes<R, F>(ctx: AppContext, routes: PlaceRoutes<R, F>): RouteDef[] {
  return [...readRoutes(ctx, routes), ...writeRoutes(ctx, routes)];
}
