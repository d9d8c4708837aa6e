import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { changeBy } from '../http/change.js';
import { userWriteRecord } from '../format/users.js';
import { badRequest, forbidden, notFound, successAlert } from '../http/errors.js';
import { PRIV, caller, type Principal, type RouteDef } from '../http/route.js';
import { requireTenant } from '../services/tenant-access.js';
import { hashPassword } from '../services/auth/passwords.js';
import type { Role } from '../store/roles.js';
import { PROFILE_FIELDS } from '../../shared/rules/users/fields.js';
import { parseNewUser } from '../../shared/rules/users/validate-create.js';
import { goUserSchema } from '../../shared/contract/go-users.js';
import { alertedEnvelope } from '../../shared/contract/schema.js';
import { userWriteSchema } from '../../shared/contract/users.js';
import { seedOrGo } from '../http/responses.js';

/** What a create or an update of a user answers: its alert and the record written. */
export const userWriteResponses = seedOrGo(alertedEnvelope(userWriteSchema), alertedEnvelope(goUserSchema));

const nullableText = { type: 'string', nullable: true } as const;
const nullableInt = { type: 'integer', nullable: true } as const;

/** Types only: blank and missing fields are reported by parseNewUser, in BEHAVIOR.md §4's words. */
export const newUserSchema = {
  body: {
    type: 'object',
    nullable: true,
    properties: {
      username: nullableText,
      email: nullableText,
      fullName: nullableText,
      localPassword: nullableText,
      confirmLocalPassword: nullableText,
      localPasswd: nullableText,
      confirmLocalPasswd: nullableText,
      role: nullableInt,
      tenantId: nullableInt,
      newUser: { type: 'boolean', nullable: true },
      ...Object.fromEntries(PROFILE_FIELDS.map((f) => [f, nullableText])),
    },
  },
};

/** The role a request names, if it exists and the requester may hand it out (404 / 403 otherwise). */
export async function grantableRole(ctx: AppContext, principal: Principal, roleId: number): Promise<Role> {
  const role = await ctx.store.roles.get(roleId);
  if (!role) throw notFound('role not found');
  if (role.privLevel > principal.privLevel) {
    throw forbidden('user cannot create a user with a role more privileged than themselves');
  }
  return role;
}

const usernameTaken = (u: string) => badRequest(`username '${u}' already exists.`);
const emailTaken = (e: string) => badRequest(`email '${e}' already exists.`);

/** POST users (1.2+) and POST users.json (1.1+), operations or admin: creates a local user (BEHAVIOR.md §4). */
export function createUserRoutes(ctx: AppContext): RouteDef[] {
  async function create(request: FastifyRequest) {
    const principal = caller(request);
    const parsed = parseNewUser(request.body);
    if (!parsed.ok) throw badRequest(parsed.errors.join(', '));
    const req = parsed.value;
    await grantableRole(ctx, principal, req.roleId);
    const tenantId = req.tenantId ?? principal.tenantId;
    await requireTenant(ctx, principal, tenantId);
    // Cheap checks before the costly hash; the store checks again inside its transaction.
    if (await ctx.store.users.byUsername(req.username)) throw usernameTaken(req.username);
    if (await ctx.store.users.byEmail(req.email)) throw emailTaken(req.email);
    const result = await ctx.store.users.create(
      {
        username: req.username,
        email: req.email,
        fullName: req.fullName,
        localPasswd: await hashPassword(req.password),
        roleId: req.roleId,
        tenantId,
        ...req.profile,
        gid: null,
        uid: null,
        newUser: req.newUser,
        registrationSent: null,
      },
      ctx.clock(),
      (r) =>
        'id' in r
          ? changeBy(ctx, request, `USER: ${req.username}, ID: ${r.id}, ACTION: Created user, keys: { id:${r.id} }`, [tenantId])
          : null,
    );
    if ('taken' in result) throw result.taken === 'username' ? usernameTaken(req.username) : emailTaken(req.email);
    const user = await ctx.store.users.byId(result.id);
    if (!user) throw new Error(`user ${result.id} vanished after its creation`);
    return { alerts: [successAlert('user was created.')], response: userWriteRecord(user, request.apiVersion) };
  }

  return [
    { method: 'POST', url: '/users', since: '1.2', auth: PRIV.OPERATIONS, schema: newUserSchema, responseAt: userWriteResponses, handler: create },
    // Traffic Ops served creation from 1.1 and its Go client posts to users.json: the same handler (issue 17).
    { method: 'POST', url: '/users.json', since: '1.1', jsonSuffix: false, auth: PRIV.OPERATIONS, schema: newUserSchema, responseAt: userWriteResponses, handler: create },
  ];
}
