import { CliError, EXIT } from '../../errors.js';
import { listDeliveryServices, type DeliveryService } from '../../../shared/client/deliveryservices.js';
import { listFederations, type Federation } from '../../../shared/client/federations.js';
import type { HttpClient } from '../../../shared/client/http.js';
import { listOrigins } from '../../../shared/client/origins.js';
import { listProfiles } from '../../../shared/client/profiles.js';
import { listRoles } from '../../../shared/client/roles.js';
import { listTenants } from '../../../shared/client/tenants.js';
import { listUsers } from '../../../shared/client/users.js';
import { asId } from './parse.js';

// Names are resolved through the read endpoints; a number is taken as the id itself.

const notFound = (what: string, ref: string, hint: string) =>
  new CliError(`${what} "${ref}" not found (or not visible to you)`, EXIT.ERROR, hint);

/** The delivery service an xmlId or id names (fetched: purge needs its origin). */
export async function findDeliveryService(http: HttpClient, ref: string): Promise<DeliveryService> {
  const id = asId(ref);
  const { response } = await listDeliveryServices(http, id === null ? { xmlId: ref } : { id });
  const ds = response.find((d) => (id === null ? d.xmlId === ref : Number(d.id) === id));
  if (!ds) throw notFound('delivery service', ref, 'list them with: cdnctl ds list');
  return ds;
}

export async function deliveryServiceId(http: HttpClient, ref: string): Promise<number> {
  return asId(ref) ?? Number((await findDeliveryService(http, ref)).id);
}

export async function tenantId(http: HttpClient, ref: string): Promise<number> {
  const id = asId(ref);
  if (id !== null) return id;
  const tenant = (await listTenants(http, { name: ref })).response.find((t) => t.name === ref);
  if (!tenant) throw notFound('tenant', ref, 'list them with: cdnctl tenants list');
  return tenant.id;
}

export async function roleId(http: HttpClient, ref: string): Promise<number> {
  const id = asId(ref);
  if (id !== null) return id;
  const role = (await listRoles(http, { name: ref })).response.find((r) => r.name === ref);
  if (!role) throw notFound('role', ref, 'list them with: cdnctl roles list');
  return role.id;
}

export async function profileId(http: HttpClient, ref: string): Promise<number> {
  const id = asId(ref);
  if (id !== null) return id;
  const profile = (await listProfiles(http, { name: ref })).response.find((p) => p.name === ref);
  if (!profile) throw await profileNotFound(http, ref);
  return Number(profile.id);
}

/** `profile "edge_ats_na" not found`, with the name it differs from only in case when there is one. */
export async function profileNotFound(http: HttpClient, ref: string): Promise<CliError> {
  const all = (await listProfiles(http)).response;
  const near = all.find((p) => p.name.toLowerCase() === ref.toLowerCase());
  return notFound(
    'profile',
    ref,
    near
      ? `profile names are case-sensitive: did you mean ${near.name}?`
      : 'profile names are case-sensitive; list them with: cdnctl profiles list',
  );
}

export async function userId(http: HttpClient, ref: string): Promise<number> {
  const id = asId(ref);
  if (id !== null) return id;
  const user = (await listUsers(http)).response.find((u) => u.username === ref);
  if (!user) throw notFound('user', ref, 'list them with: cdnctl users list');
  return Number(user.id);
}

/** A federation CNAME as stored: a DNS name ending with a period (`acme.fed.example.net` → `acme.fed.example.net.`). */
export const withTrailingDot = (cname: string) => (cname === '' || cname.endsWith('.') ? cname : `${cname}.`);

/** The federation a CNAME (with or without its trailing period) or id names. */
export async function findFederation(http: HttpClient, ref: string): Promise<Federation> {
  const id = asId(ref);
  const cname = withTrailingDot(ref);
  const { response } = await listFederations(http, id === null ? { cname } : { id });
  const federation = response.find((f) => (id === null ? f.cname === cname : f.id === id));
  if (!federation) throw notFound('federation', ref, 'list them with: cdnctl federations list');
  return federation;
}

export async function federationId(http: HttpClient, ref: string): Promise<number> {
  return asId(ref) ?? (await findFederation(http, ref)).id;
}

/**
 * Cache groups and coordinates have no read endpoint here: a name is resolved from the origins that use it
 * (each origin carries both name and id); otherwise pass the id.
 */
export async function originLinkedId(
  http: HttpClient,
  kind: 'cachegroup' | 'coordinate',
  ref: string,
): Promise<number> {
  const id = asId(ref);
  if (id !== null) return id;
  const origin = (await listOrigins(http)).response.find((o) => o[kind] === ref);
  const linked = origin?.[kind === 'cachegroup' ? 'cachegroupId' : 'coordinateId'];
  if (linked === null || linked === undefined) {
    throw new CliError(
      `${kind === 'cachegroup' ? 'cache group' : 'coordinate'} "${ref}" is not used by any origin, so its id is unknown`,
      EXIT.ERROR,
      `pass its numeric id instead of its name`,
    );
  }
  return linked;
}
