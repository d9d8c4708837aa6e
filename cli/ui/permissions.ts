// What the signed-in user may do, from the privilege level of their role: the screens offer only these actions.
// The levels are the daemon's route levels (daemon/http/route.ts PRIV); the server still decides every request.

/** The actions a screen may offer. */
export interface Permissions {
  /** Purge (POST user/current/jobs): the portal level and up. */
  purge: boolean;
  /** Create, edit and delete origins: operations and admin. */
  writeOrigins: boolean;
  /** Assign and remove federation users: admin. */
  assignFederationUsers: boolean;
}

const LEVEL = { PORTAL: 15, OPERATIONS: 20, ADMIN: 30 } as const;

/** Everything: for a level that could not be learned (the server refuses what it must). */
export const ALL_PERMISSIONS: Permissions = { purge: true, writeOrigins: true, assignFederationUsers: true };

/** The permissions of a privilege level; null (unknown) offers everything. */
export function permissionsFor(privLevel: number | null | undefined): Permissions {
  if (privLevel === null || privLevel === undefined) return ALL_PERMISSIONS;
  return {
    purge: privLevel >= LEVEL.PORTAL,
    writeOrigins: privLevel >= LEVEL.OPERATIONS,
    assignFederationUsers: privLevel >= LEVEL.ADMIN,
  };
}

/** The privilege level of the user's role, found among the roles by id, else by name; null when not found. */
export function privLevelOf(
  user: { role?: string | number | null; roleName?: string | null },
  roles: Array<{ id: number | string; name: string; privLevel: number }>,
): number | null {
  const byId =
    user.role !== null && user.role !== undefined ? roles.find((r) => String(r.id) === String(user.role)) : undefined;
  const role = byId ?? roles.find((r) => r.name === user.roleName);
  return role ? role.privLevel : null;
}
