import type { AppContext } from '../../context.js';
import type { RoleFields, RoleWriteOutcome } from '../../store/roles.js';
import { INT32, mustBeInt32 } from '../../../shared/rules/users/fields.js';
import { changeAs } from '../change.js';
import { badRequest, conflict, forbidden, notFound } from '../errors.js';
import type { Principal } from '../principal.js';

/** Role writes at 1.3+ (reference traffic-ops-wave3.md §10); capabilities are stored, never enforced. */

const HIGHER = 'can not create a role with a higher priv level than your own';
const entry = (name: string, id: number, action: string) =>
  `ROLE: ${name}, ID: ${id}, ACTION: ${action} role, keys: { id:${id} }`;

/** Checks a POST/PUT roles body: name, description, privLevel required (0 counts as blank), capabilities names. */
export function parseRole(raw: unknown): RoleFields {
  const body = (raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? raw : {}) as Record<string, unknown>;
  const errors: string[] = [];
  const blank = (v: unknown) => v === undefined || v === null || v === '' || v === 0;
  if (blank(body.name) || typeof body.name !== 'string') errors.push("'name' cannot be blank");
  if (blank(body.description) || typeof body.description !== 'string') errors.push("'description' cannot be blank");
  if (blank(body.privLevel)) errors.push("'privLevel' cannot be blank");
  else if (typeof body.privLevel !== 'number' || !Number.isInteger(body.privLevel)) {
    errors.push("'privLevel' must be an integer");
  } else if (body.privLevel < INT32.min || body.privLevel > INT32.max) {
    // The column is a 32-bit integer: a level outside it was a 500 on PostgreSQL.
    errors.push(mustBeInt32('privLevel'));
  }
  const caps = body.capabilities;
  if (caps !== undefined && caps !== null && (!Array.isArray(caps) || caps.some((c) => typeof c !== 'string'))) {
    errors.push("'capabilities' must be a list of strings");
  }
  if (errors.length > 0) throw badRequest(errors.join(', '));
  return {
    name: body.name as string,
    description: body.description as string,
    privLevel: body.privLevel as number,
    capabilities: Array.isArray(caps) ? [...new Set(caps as string[])] : null,
  };
}

function check(outcome: RoleWriteOutcome, f: RoleFields): number {
  switch (outcome.kind) {
    case 'done':
      return outcome.id;
    case 'missing':
      throw notFound('no role found with this id');
    case 'taken':
      throw badRequest(`role name '${f.name}' already exists.`);
    case 'unknown-capabilities':
      throw badRequest(`can not add non-existent capabilities: [${outcome.names.join(' ')}]`);
  }
}

export async function createRole(ctx: AppContext, principal: Principal, f: RoleFields): Promise<number> {
  if (f.privLevel > principal.privLevel) throw badRequest(HIGHER);
  const outcome = await ctx.store.roles.insert(f, (o) =>
    o.kind === 'done' ? changeAs(ctx, principal, entry(f.name, o.id, 'Created')) : null,
  );
  return check(outcome, f);
}

export async function updateRole(ctx: AppContext, principal: Principal, id: number, f: RoleFields): Promise<number> {
  if (f.privLevel > principal.privLevel) throw forbidden(HIGHER);
  const outcome = await ctx.store.roles.update(id, f, (o) =>
    o.kind === 'done' ? changeAs(ctx, principal, entry(f.name, id, 'Updated')) : null,
  );
  return check(outcome, f);
}

export async function deleteRole(ctx: AppContext, principal: Principal, id: number): Promise<void> {
  const role = await ctx.store.roles.get(id);
  if (!role) throw notFound('no role with that key found');
  const users = await ctx.store.roles.remove(id, (n) =>
    n === 0 ? changeAs(ctx, principal, entry(role.name, id, 'Deleted')) : null,
  );
  if (users === null) throw notFound('no role with that key found');
  if (users > 0) throw badRequest(`can not delete a role with ${users} assigned users`);
}

/** POST capabilities (1.1+, operations): Traffic Ops' Perl texts. */
export async function createCapability(ctx: AppContext, principal: Principal, raw: unknown) {
  const body = (raw !== null && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  for (const key of ['name', 'description']) {
    if (typeof body[key] !== 'string' || body[key] === '')
      throw badRequest(`'${key}' must be defined! (and not empty)`);
  }
  const c = { name: body.name as string, description: body.description as string, lastUpdated: ctx.clock() };
  const added = await ctx.store.roles.insertCapability(c, (ok) =>
    ok ? changeAs(ctx, principal, `CAPABILITY: ${c.name}, ACTION: Created`) : null,
  );
  if (!added) throw conflict(`Capability '${c.name}' already exists!`);
  return c;
}
