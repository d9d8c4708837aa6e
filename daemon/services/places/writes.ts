import type { AppContext } from '../../context.js';
import { changeAs } from '../change.js';
import { ApiError, Invalid, NotFound } from '../errors.js';
import type { Principal } from '../principal.js';
import type { PlaceWrite } from '../../store/places.js';
import type { Change } from '../../store/change-log.js';
import type { PlaceResource } from './resources.js';

type Action = 'Created' | 'Updated' | 'Deleted';

const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');

/**
 * Traffic Ops' generic change-log entry (reference §11): `<TYPE>: <auditName>, ID: <id>, ACTION: <Action> <t>,
 * keys: { id:<id> }`. These tables belong to no tenant: every reader of the log sees the entry.
 */
function placeChange<R, F>(
  ctx: AppContext,
  principal: Principal,
  resource: PlaceResource<R, F>,
  action: Action,
  auditName: string,
): Change<PlaceWrite> {
  return (result: PlaceWrite) => {
    if (!result.ok) return null;
    return changeAs(
      ctx,
      principal,
      `${resource.t.toUpperCase()}: ${auditName}, ID: ${result.id}, ACTION: ${action} ${resource.t}, keys: { id:${result.id} }`,
    );
  };
}

/** The fields of a body, or 400 with every failure. */
export function fieldsOf<R, F>(resource: PlaceResource<R, F>, body: unknown): F {
  const checked = resource.check(body);
  if (!checked.ok) throw new Invalid(checked.errors.join(', '));
  return checked.fields;
}

/** Turns a refused store write into Traffic Ops' error. */
function refusal<R, F>(
  resource: PlaceResource<R, F>,
  result: PlaceWrite,
  fields: F | null,
  creating: boolean,
): ApiError {
  if ('missing' in result) {
    return new NotFound(
      fields === null ? `no ${resource.t} with that key found` : `no ${resource.t} found with this id`,
    );
  }
  if ('taken' in result) {
    if (resource.taken && fields !== null) return new Invalid(resource.taken(result.taken, fields, creating));
    const values = result.taken.split(', ').map((label) => String(valueOf(fields, label)));
    return new Invalid(`${resource.table} ${result.taken} '${values.join(', ')}' already exists.`);
  }
  if ('usedBy' in result) {
    if (result.changing) {
      const by = `${article(result.usedBy)} ${result.usedBy}`;
      return new Invalid(`cannot change the ${result.changing} of ${resource.table} because it is being used by ${by}`);
    }
    return new Invalid(
      `cannot delete ${resource.table} because it is being used by ${article(result.usedBy)} ${result.usedBy}`,
    );
  }
  return new ApiError(500, 'Internal Server Error');
}

/** A field's value by its column's name (`short_name` → `shortName`). */
function valueOf(fields: unknown, column: string): unknown {
  const key = column.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
  return (fields as Record<string, unknown> | null)?.[key];
}

async function stored<R, F>(ctx: AppContext, resource: PlaceResource<R, F>, id: number): Promise<R> {
  const record = await resource.of(ctx.store.places).get(id);
  if (!record) throw new NotFound(`no ${resource.t} found with this id`);
  return record;
}

export async function createPlace<R, F>(
  ctx: AppContext,
  principal: Principal,
  resource: PlaceResource<R, F>,
  body: unknown,
): Promise<R> {
  const fields = fieldsOf(resource, body);
  await resource.references?.(ctx, fields);
  const name = resource.auditName(fields as unknown as R);
  const change = placeChange(ctx, principal, resource, 'Created', name);
  const result = await resource.of(ctx.store.places).insert(fields, ctx.clock(), change);
  if (!result.ok) throw refusal(resource, result, fields, true);
  return stored(ctx, resource, result.id);
}

export async function updatePlace<R, F>(
  ctx: AppContext,
  principal: Principal,
  resource: PlaceResource<R, F>,
  id: number,
  body: unknown,
): Promise<R> {
  const fields = fieldsOf(resource, body);
  await resource.references?.(ctx, fields);
  const name = resource.auditName(fields as unknown as R);
  const change = placeChange(ctx, principal, resource, 'Updated', name);
  const result = await resource.of(ctx.store.places).update(id, fields, ctx.clock(), change);
  if (!result.ok) throw refusal(resource, result, fields, false);
  return stored(ctx, resource, result.id);
}

export async function deletePlace<R, F>(
  ctx: AppContext,
  principal: Principal,
  resource: PlaceResource<R, F>,
  id: number,
): Promise<void> {
  const before = await resource.of(ctx.store.places).get(id);
  if (!before) throw new NotFound(`no ${resource.t} with that key found`);
  const change = placeChange(ctx, principal, resource, 'Deleted', resource.auditName(before));
  const result = await resource.of(ctx.store.places).delete(id, change);
  if (!result.ok) throw refusal(resource, result, null, false);
}
