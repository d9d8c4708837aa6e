import type { Role } from '../api/types';

/** Privilege levels of the API (BEHAVIOR.md §2): what each write needs. */
export const PRIV = { READ: 10, PORTAL: 15, OPERATIONS: 20, ADMIN: 30 } as const;

/** What the signed-in user may do; the portal shows write buttons only for these, the API decides anyway. */
export interface Abilities {
  purge: boolean;
  manageOrigins: boolean;
  manageUsers: boolean;
  manageFederationUsers: boolean;
  /** The key store (issue 21): admin only. */
  manageKeys: boolean;
}

/** The privilege level of a role id from GET roles; 0 (read nothing) when it is not listed. */
export function privLevelOf(roles: Role[], roleId: string | number): number {
  return roles.find((r) => String(r.id) === String(roleId))?.privLevel ?? 0;
}

export function abilitiesOf(privLevel: number): Abilities {
  return {
    purge: privLevel >= PRIV.PORTAL,
    manageOrigins: privLevel >= PRIV.OPERATIONS,
    manageUsers: privLevel >= PRIV.OPERATIONS,
    manageFederationUsers: privLevel >= PRIV.ADMIN,
    manageKeys: privLevel >= PRIV.ADMIN,
  };
}

export const NO_ABILITIES: Abilities = abilitiesOf(0);
