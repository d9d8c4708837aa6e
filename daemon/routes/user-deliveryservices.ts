import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { deliveryServiceRecord, goRecord } from '../format/deliveryservices.js';
import { withWarning } from '../http/deprecation.js';
import { ApiError, notFound, warningAlert } from '../http/errors.js';
import { parseIntegerParam, toInteger } from '../services/params.js';
import { PRIV, caller, type RouteDef } from '../http/route.js';
import { visibleTenants } from '../services/tenant-access.js';
import type { DeliveryService } from '../store/deliveryservices.js';
import type { User } from '../store/users.js';
import { visibleTenantIds } from '../services/tenancy.js';
import { seedShape } from '../versions.js';
import { userIdSchema } from './users.js';
import { alertedEnvelope, envelope, int, list, record, text } from '../../shared/contract/schema.js';
import { seedAtOrGo } from '../http/responses.js';
import { deliveryServiceList } from './deliveryservices.js';

/** The warning Traffic Ops sent with GET users/:id/deliveryservices (its unbalanced braces included). */
export const DS_DEPRECATED = warningAlert(
  'This endpoint is deprecated, please use GET deliveryservices?accessibleTo={{tenantId} instead',
);

/** The warning of user/:id/deliveryservices/available from 1.4. */
const AVAILABLE_DEPRECATED = warningAlert('This endpoint is deprecated, and will be removed in the future');

/** A delivery service a user could be given, to 1.3: `{id, displayName, xmlId}`, the id as digits. */
const availableSchema = record({ id: text, displayName: text, xmlId: text });
/** From 1.4, the Go server's UserAvailableDS (the id a number) after its deprecation warning. */
const goAvailableResponse = alertedEnvelope(list(record({ id: int, displayName: text, xmlId: text })));
/** The seed's short forms at 1.1/1.2 (1.2: `{id, displayName, xmlId}`; `.json` at 1.1: `{xmlId, id}`), else Go's. */
const availableResponses = seedAtOrGo(
  'availableDeliveryServices',
  envelope(list(availableSchema)),
  goAvailableResponse,
);
const availableJsonResponses = seedAtOrGo(
  'availableDeliveryServices',
  envelope(list(record({ xmlId: text, id: text }))),
  goAvailableResponse,
);

/** The tenants both sets share. */
function intersect(a: ReadonlySet<number>, b: ReadonlySet<number>): number[] {
  return [...a].filter((id) => b.has(id));
}

/**
 * GET users/:id/deliveryservices (1.1+ as Traffic Ops served it; the seed's delivery-service record to 1.3), and the delivery services a user
 * could still be given: user/:id/deliveryservices/available (1.2+, `{id, displayName, xmlId}`) and its older
 * spelling available.json (1.1+, `{xmlId, id}`), BEHAVIOR.md §4.
 */
/** What the assignment answers read (delivery services with their joins, the user and the tenant tree). */
const ASSIGNMENT_TABLES = [
  'deliveryservice_users',
  'deliveryservices',
  'users',
  'roles',
  'tenants',
  'cdns',
  'types',
  'profiles',
  'origins',
];

export function userDeliveryServiceRoutes(ctx: AppContext): RouteDef[] {
  /** The user of the path, if the caller may see it (404 `user not found` otherwise), and the caller's tenants. */
  async function subject(request: FastifyRequest): Promise<{ user: User; visible: Set<number> }> {
    const id = parseIntegerParam((request.params as { id: string }).id, 'id');
    const visible = await visibleTenants(ctx, caller(request));
    const user = await ctx.store.users.byId(id);
    if (!user || !visible.has(user.tenantId)) throw notFound('user not found');
    return { user, visible };
  }

  /**
   * The delivery services assigned to the user that the requester may see: empty for an unknown user or one the
   * requester cannot see, as Traffic Ops answered. From 1.4 in the Go server's record, with its deprecation warning.
   */
  async function assigned(request: FastifyRequest) {
    const version = request.apiVersion;
    const go = goRecord(version, 'user');
    const raw = (request.params as { id: string }).id;
    const id = go ? toInteger(raw) : parseIntegerParam(raw, 'id');
    if (id === null)
      throw new ApiError(400, "getting integer parameters: parameter 'id' not an integer", [DS_DEPRECATED]);
    const visible = await visibleTenants(ctx, caller(request));
    const user = await ctx.store.users.byId(id);
    const list =
      user && visible.has(user.tenantId)
        ? await ctx.store.deliveryServices.list({ userId: user.id, tenantIds: visible })
        : [];
    const response = list.map((ds) => deliveryServiceRecord(ds, version, 'user'));
    return go ? { alerts: [DS_DEPRECATED], response } : { response };
  }

  /** Not yet assigned, and visible to both the caller and the user; the store orders by xmlId. */
  async function available(request: FastifyRequest): Promise<DeliveryService[]> {
    const { user, visible } = await subject(request);
    const usersTenants = visibleTenantIds(await ctx.store.tenants.list(), user.tenantId);
    return ctx.store.deliveryServices.list({
      notAssignedToUserId: user.id,
      tenantIds: intersect(visible, usersTenants),
    });
  }

  /** From 1.4 both spellings answer the Go server's UserAvailableDS `{id, displayName, xmlId}` and its warning. */
  async function goAvailable(request: FastifyRequest) {
    const list = await withWarning(AVAILABLE_DEPRECATED, () => available(request));
    return {
      alerts: [AVAILABLE_DEPRECATED],
      response: list.map((ds) => ({ id: ds.id, displayName: ds.displayName, xmlId: ds.xmlId })),
    };
  }

  return [
    {
      method: 'GET',
      url: '/users/:id/deliveryservices',
      since: '1.1',
      auth: PRIV.READ,
      cache: ASSIGNMENT_TABLES,
      schema: userIdSchema,
      responseAt: (v) => ({ 200: deliveryServiceList(v, 'user', goRecord(v, 'user')) }),
      handler: assigned,
    },
    {
      method: 'GET',
      url: '/user/:id/deliveryservices/available',
      since: '1.2',
      jsonSuffix: false,
      auth: PRIV.READ,
      cache: ASSIGNMENT_TABLES,
      schema: userIdSchema,
      responseAt: availableResponses,
      handler: async (request) =>
        !seedShape('availableDeliveryServices', request.apiVersion)
          ? goAvailable(request)
          : {
              response: (await available(request)).map((ds) => ({
                id: String(ds.id),
                displayName: ds.displayName,
                xmlId: ds.xmlId,
              })),
            },
    },
    {
      method: 'GET',
      url: '/user/:id/deliveryservices/available.json',
      since: '1.1',
      jsonSuffix: false,
      auth: PRIV.READ,
      cache: ASSIGNMENT_TABLES,
      schema: userIdSchema,
      responseAt: availableJsonResponses,
      handler: async (request) =>
        !seedShape('availableDeliveryServices', request.apiVersion)
          ? goAvailable(request)
          : { response: (await available(request)).map((ds) => ({ xmlId: ds.xmlId, id: String(ds.id) })) },
    },
  ];
}
