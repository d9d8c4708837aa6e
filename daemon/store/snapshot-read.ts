import type { TenantModel, UserModel } from './snapshot-types.js';
import { type User } from './user-rows.js';

/** Tenant rows sorted by name → below root, each after its parent (shared with the PostgreSQL store). */
export function orderTenants(
  rows: ReadonlyArray<{ name: string; parent: string | null; active: number }>,
): TenantModel[] {
  const children = new Map<string | null, Array<(typeof rows)[number]>>();
  for (const r of rows) children.set(r.parent, [...(children.get(r.parent) ?? []), r]);
  const out: TenantModel[] = [];
  const seen = new Set<string>();
  const walk = (parent: string) => {
    for (const r of children.get(parent) ?? []) {
      if (seen.has(r.name)) continue;
      seen.add(r.name);
      out.push({ name: r.name, parentName: parent, active: r.active === 1 });
      walk(r.name);
    }
  };
  for (const top of children.get(null) ?? []) walk(top.name);
  return out;
}

/** A stored user as a snapshot carries it (shared with the PostgreSQL store). */
export function snapshotUser(u: User, withHashes: boolean): UserModel {
  return {
    username: u.username,
    email: u.email,
    fullName: u.fullName,
    role: u.roleName,
    tenant: u.tenantName,
    newUser: u.newUser,
    password: withHashes && u.localPasswd ? { hash: u.localPasswd } : null,
    company: u.company,
    addressLine1: u.addressLine1,
    addressLine2: u.addressLine2,
    city: u.city,
    stateOrProvince: u.stateOrProvince,
    postalCode: u.postalCode,
    country: u.country,
    phoneNumber: u.phoneNumber,
    publicSshKey: u.publicSshKey,
    gid: u.gid,
    uid: u.uid,
  };
}
