import { forgetInitialPassword } from '../services/auth/initial-password.js';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { changeBy } from '../http/change.js';
import { currentUserRecord, userWriteRecord } from '../format/users.js';
import { alerts, badRequest, conflict, successAlert, unauthorized } from '../http/errors.js';
import { PRIV, caller, type RouteDef } from '../http/route.js';
import { hashPassword } from '../services/auth/passwords.js';
import { fieldsOf, type User, type UserFields } from '../store/users.js';
import { PROFILE_FIELDS } from '../../shared/rules/users/fields.js';
import { parseProfileUpdate, type ProfileChange } from './users-validate-profile.js';
import { goUserCurrentSchema } from '../../shared/contract/go-users.js';
import { alertsOnly, envelope } from '../../shared/contract/schema.js';
import { currentUserSchema } from '../../shared/contract/users.js';
import { seedOrGo } from '../http/responses.js';
import { userWriteResponses } from './users-create.js';

const nullableText = { type: 'string', nullable: true } as const;
/**
 * An integer sent as a number or as digits (records read back carry them as strings), or null: parseProfileUpdate
 * says which numbers and strings are not integers, in its words ("'gid' must be an integer").
 */
const intOrText = { type: ['number', 'string', 'null'] } as const;

/** Types only; what must not be blank and what may not change is reported by parseProfileUpdate. */
const updateSchema = {
  body: {
    type: 'object',
    nullable: true,
    properties: {
      user: {
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
          role: intOrText,
          tenantId: intOrText,
          gid: intOrText,
          uid: intOrText,
          ...Object.fromEntries(PROFILE_FIELDS.map((f) => [f, nullableText])),
        },
      },
    },
  },
};

/** The stored fields after a change; a pending user with a password and a full name has completed registration. */
export function applyProfileChange(user: User, change: ProfileChange, passwordHash: string | null): UserFields {
  const fields: UserFields = { ...fieldsOf(user), ...change.profile };
  if (change.username !== undefined) fields.username = change.username;
  if (change.email !== undefined) fields.email = change.email;
  if (change.fullName !== undefined) fields.fullName = change.fullName;
  if (change.gid !== undefined) fields.gid = change.gid;
  if (change.uid !== undefined) fields.uid = change.uid;
  if (passwordHash !== null) fields.localPasswd = passwordHash;
  if (fields.newUser && passwordHash !== null && fields.fullName.trim() !== '') fields.newUser = false;
  return fields;
}

const usernameTaken = (u: string) => conflict(`Username ${u} already exists!`);
const emailTaken = (e: string) => conflict(`Email ${e} already exists!`);

/** The change-log text of a current-user update: who, and whether the password changed (never the password). */
function profileChangeMessage(user: User, newUsername: string, passwordChanged: boolean): string {
  const renamed = newUsername !== user.username ? ` (now ${newUsername})` : '';
  const action = passwordChanged ? 'Updated own profile and changed own password' : 'Updated own profile';
  return `USER: ${user.username}${renamed}, ID: ${user.id}, ACTION: ${action}`;
}

/**
 * GET user/current, PUT user/current (1.2+, answers the updated record) and POST user/current/update (1.1+, the
 * seed's 1.1 form, answers only its alert at every version): the caller's own profile.
 */
export function currentUserRoutes(ctx: AppContext): RouteDef[] {
  async function self(request: FastifyRequest): Promise<User> {
    const user = await ctx.store.users.byId(caller(request).userId);
    if (!user) throw unauthorized();
    return user;
  }

  /** PUT (1.2+) answers the updated record too; the 1.1 route POST user/current/update keeps its {alerts} answer. */
  async function update(request: FastifyRequest, withRecord: boolean) {
    const principal = caller(request);
    const user = await self(request);
    const parsed = parseProfileUpdate(request.body, user);
    if (!parsed.ok) throw badRequest(parsed.errors.join(', '));
    const change = parsed.value;
    // Cheap checks before the costly hash; the store checks again inside its transaction.
    if (change.username !== undefined && change.username !== user.username) {
      const owner = await ctx.store.users.byUsername(change.username);
      if (owner && owner.id !== user.id) throw usernameTaken(change.username);
    }
    if (change.email !== undefined) {
      const owner = await ctx.store.users.byEmail(change.email);
      if (owner && owner.id !== user.id) throw emailTaken(change.email);
    }
    const hash = change.password !== undefined ? await hashPassword(change.password) : null;
    const fields = applyProfileChange(user, change, hash);
    const result = await ctx.store.users.updateProfile(user.id, fields, ctx.clock(), {
      passwordChanged: hash !== null,
      keepSessionHash: principal.sessionHash,
    }, changeBy(ctx, request, profileChangeMessage(user, fields.username, hash !== null), [user.tenantId]));
    if ('taken' in result) throw result.taken === 'username' ? usernameTaken(fields.username) : emailTaken(fields.email);
    if (hash !== null) await forgetInitialPassword(ctx.config.dataDir, user.localPasswd);
    const done = successAlert('User profile was successfully updated');
    if (!withRecord) return alerts(done);
    return { alerts: [done], response: userWriteRecord(await self(request), request.apiVersion) };
  }

  return [
    {
      method: 'GET',
      url: '/user/current',
      since: '1.1',
      auth: PRIV.READ,
      responseAt: seedOrGo(envelope(currentUserSchema), envelope(goUserCurrentSchema)),
      handler: async (request) => ({ response: currentUserRecord(await self(request), request.apiVersion) }),
    },
    { method: 'PUT', url: '/user/current', since: '1.2', auth: PRIV.READ, schema: updateSchema, responseAt: userWriteResponses, handler: (r) => update(r, true) },
    {
      method: 'POST',
      url: '/user/current/update',
      since: '1.1',
      auth: PRIV.READ,
      schema: { ...updateSchema, response: { 200: alertsOnly } },
      handler: (r) => update(r, false),
    },
  ];
}
