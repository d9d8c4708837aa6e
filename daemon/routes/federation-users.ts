import type { FastifyRequest } from 'fastify';
import type { FederationUserRecord } from '../../shared/contract/catalog.js';
import type { AppContext } from '../context.js';
import { alerts, badRequest, notFound, successAlert } from '../http/errors.js';
import { toInteger } from '../services/params.js';
import { changeBy } from '../http/change.js';
import { PRIV, caller, type RouteDef } from '../http/route.js';
import type { Federation } from '../store/federations.js';
import type { FederationUser } from '../store/federation-users.js';
import { visibleTenantIds } from '../services/tenancy.js';
import { federationUserSchema } from '../../shared/contract/catalog.js';
import { alertedEnvelope, alertsOnly, bool, envelope, int, list, record } from '../../shared/contract/schema.js';

/**
 * Tenancy of federations: a federation is visible when every delivery service it serves is (one that serves
 * none is visible to all, as GET federations decides). An invisible federation answers as a missing one, and
 * users of tenants the caller cannot see are left out of lists and count as missing in writes.
 */
const federationVisible = (f: Federation, visible: ReadonlySet<number>) =>
  f.deliveryServices.every((ds) => visible.has(ds.tenantId));

const federationUserRecord = (u: FederationUser): FederationUserRecord => ({
  id: u.id,
  username: u.username,
  company: u.company,
  role: u.role,
  email: u.email,
  fullName: u.fullName,
});


const assignSchema = {
  body: {
    type: ['object', 'null'],
    properties: { userIds: { type: ['array', 'null'], items: { type: 'integer' } }, replace: { type: ['boolean', 'null'] } },
  },
  response: { 200: alertedEnvelope(record({ userIds: { type: 'array', items: int }, replace: bool })) },
};

interface AssignBody {
  userIds?: number[] | null;
  replace?: boolean | null;
}

/** The caller's visible tenants: the set, and the list for the store (null when every tenant is visible). */
async function tenancy(ctx: AppContext, request: FastifyRequest) {
  const tenants = await ctx.store.tenants.list();
  const visible = visibleTenantIds(tenants, caller(request).tenantId);
  return { visible, list: visible.size === tenants.length ? null : [...visible] };
}

function federationId(request: FastifyRequest): number {
  const id = toInteger((request.params as { id: string }).id);
  if (id === null) throw badRequest('federation id must be an integer');
  return id;
}

/** The tenants of the users named (unknown ids are left out: the write refuses them anyway). */
async function userTenants(ctx: AppContext, userIds: number[]): Promise<number[]> {
  const users = await Promise.all([...new Set(userIds)].map((u) => ctx.store.users.byId(u)));
  return users.flatMap((u) => (u ? [u.tenantId] : []));
}

async function visibleFederation(ctx: AppContext, id: number, visible: ReadonlySet<number>): Promise<Federation> {
  const federation = await ctx.store.federations.byId(id);
  if (!federation || !federationVisible(federation, visible)) throw notFound(`federation ${id} not found`);
  return federation;
}

/** The federation a write is about (visible to the caller) and the tenants its change-log entry concerns. */
async function writeTarget(ctx: AppContext, request: FastifyRequest, id: number, userIds: number[]) {
  const { visible, list } = await tenancy(ctx, request);
  const federation = await visibleFederation(ctx, id, visible);
  const tenants = [...federation.deliveryServices.map((ds) => ds.tenantId), ...(await userTenants(ctx, userIds))];
  return { federation, list, tenants };
}

async function listUsers(ctx: AppContext, request: FastifyRequest) {
  const id = federationId(request);
  const { visible } = await tenancy(ctx, request);
  await visibleFederation(ctx, id, visible);
  const users = (await ctx.store.federationUsers.users(id)).filter((u) => visible.has(u.tenantId));
  return { response: users.map(federationUserRecord) };
}

async function assignUsers(ctx: AppContext, request: FastifyRequest) {
  const id = federationId(request);
  const body = (request.body ?? {}) as AssignBody;
  if (body.userIds === undefined || body.userIds === null) throw badRequest('userIds: is required.');
  const userIds = body.userIds;
  const replace = body.replace ?? false;
  const { federation, list, tenants } = await writeTarget(ctx, request, id, userIds);
  const message = `FEDERATION: ${federation.cname}, ID: ${id}, ACTION: Assign Users to federation (user ids ${userIds.join(', ')}${replace ? ', replacing the others' : ''})`;
  const outcome = await ctx.store.federationUsers.assign(id, userIds, replace, list, changeBy(ctx, request, message, tenants));
  switch (outcome.kind) {
    case 'federation-missing':
      throw notFound(`federation ${id} not found`);
    case 'user-missing':
      throw notFound(`user ${outcome.userId} not found`);
    case 'already-assigned':
      throw badRequest(`user ${outcome.userId} is already assigned to federation ${federation.cname}`);
  }
  return {
    ...alerts(successAlert(`${outcome.count} user(s) were assigned to the ${federation.cname} federation`)),
    response: { userIds, replace },
  };
}

async function removeUser(ctx: AppContext, request: FastifyRequest) {
  const id = federationId(request);
  const userId = toInteger((request.params as { userId: string }).userId);
  if (userId === null) throw badRequest('user id must be an integer');
  const { federation, list, tenants } = await writeTarget(ctx, request, id, [userId]);
  const message = (name: string) => `FEDERATION: ${federation.cname}, ID: ${id}, ACTION: Removed user ${name} from federation`;
  const username = await ctx.store.federationUsers.remove(id, userId, list, (name) =>
    name === null ? null : changeBy(ctx, request, message(name), tenants),
  );
  if (username === null) throw notFound('no federation users with that key found');
  return alerts(successAlert(`Removed user [ ${username} ] from federation [ ${federation.cname} ]`));
}

/** GET/POST federations/:id/users and DELETE federations/:id/users/:userId (1.2+, BEHAVIOR.md §7). */
export function federationUserRoutes(ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'GET',
      cache: ['federations', 'federation_deliveryservices', 'deliveryservices', 'federation_users', 'users', 'roles', 'tenants'],
      url: '/federations/:id/users',
      since: '1.2',
      auth: PRIV.READ,
      schema: { response: { 200: envelope(list(federationUserSchema)) } },
      handler: (request) => listUsers(ctx, request),
    },
    {
      method: 'POST',
      url: '/federations/:id/users',
      since: '1.2',
      auth: PRIV.ADMIN,
      schema: assignSchema,
      handler: (request) => assignUsers(ctx, request),
    },
    {
      method: 'DELETE',
      url: '/federations/:id/users/:userId',
      since: '1.2',
      auth: PRIV.ADMIN,
      schema: { response: { 200: alertsOnly } },
      handler: (request) => removeUser(ctx, request),
    },
  ];
}
