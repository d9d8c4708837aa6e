import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { badRequest, successAlert } from '../http/errors.js';
import { PRIV, caller, type RouteDef } from '../http/route.js';
import { toInteger } from '../services/params.js';
import { createCapability, createRole, deleteRole, parseRole, updateRole } from '../services/roles/writes.js';
import { formatTimestampTz } from '../../shared/time.js';
import { goRoleSchema } from '../../shared/contract/catalog.js';
import {
  alertedEnvelope,
  alertsOnly,
  anyJsonValue,
  envelope,
  list,
  record,
  text,
} from '../../shared/contract/schema.js';

const roleAnswer = { 200: alertedEnvelope(goRoleSchema) };
const capabilitySchema = record({ description: text, lastUpdated: text, name: text });

const idQuery = { querystring: { type: 'object', properties: { id: { type: 'string' } } } };

function queryId(request: FastifyRequest): number {
  const raw = (request.query as { id?: string }).id;
  if (raw === undefined || raw === '') throw badRequest('missing key: id');
  const id = toInteger(raw);
  if (id === null) throw badRequest('failed to parse key: id');
  return id;
}

/** The echoed role of a write, with the id it has. */
async function answer(ctx: AppContext, id: number, text: string) {
  const role = await ctx.store.roles.get(id);
  if (!role) throw new Error(`role ${id} vanished after its write`);
  const capabilities = (await ctx.store.roles.capabilitiesByRole()).get(id) ?? [];
  return { alerts: [successAlert(text)], response: { ...role, capabilities } };
}

function capabilityRoutes(ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'GET',
      url: '/capabilities',
      since: '1.1',
      auth: PRIV.READ,
      schema: {
        querystring: { type: 'object', properties: { name: { type: 'string' } } },
        response: { 200: envelope(list(capabilitySchema)) },
      },
      handler: async (request) => {
        const name = (request.query as { name?: string }).name;
        const list = (await ctx.store.roles.capabilities()).filter((c) => name === undefined || c.name === name);
        return {
          response: list.map((c) => ({
            description: c.description,
            lastUpdated: formatTimestampTz(c.lastUpdated),
            name: c.name,
          })),
        };
      },
    },
    {
      method: 'POST',
      url: '/capabilities',
      since: '1.1',
      auth: PRIV.OPERATIONS,
      schema: { body: anyJsonValue, response: { 200: alertedEnvelope(record({ name: text, description: text })) } },
      handler: async (request) => {
        const c = await createCapability(ctx, caller(request), request.body);
        return {
          alerts: [successAlert('Capability created.')],
          response: { name: c.name, description: c.description },
        };
      },
    },
  ];
}

/** POST/PUT/DELETE roles (1.3+, admin; reference §10), GET and POST capabilities (1.1+). */
export function roleRoutes(ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'POST',
      url: '/roles',
      since: '1.3',
      auth: PRIV.ADMIN,
      schema: { body: anyJsonValue, response: roleAnswer },
      handler: async (request) =>
        answer(ctx, await createRole(ctx, caller(request), parseRole(request.body)), 'role was created.'),
    },
    {
      method: 'PUT',
      url: '/roles',
      since: '1.3',
      auth: PRIV.ADMIN,
      schema: { ...idQuery, body: anyJsonValue, response: roleAnswer },
      handler: async (request) =>
        answer(
          ctx,
          await updateRole(ctx, caller(request), queryId(request), parseRole(request.body)),
          'role was updated.',
        ),
    },
    {
      method: 'DELETE',
      url: '/roles',
      since: '1.3',
      auth: PRIV.ADMIN,
      schema: { ...idQuery, response: { 200: alertsOnly } },
      handler: async (request) => {
        await deleteRole(ctx, caller(request), queryId(request));
        return { alerts: [successAlert('role was deleted.')] };
      },
    },
    ...capabilityRoutes(ctx),
  ];
}
