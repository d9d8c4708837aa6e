/** What an authenticated request knows about its caller: the principal every service acts for. */
export interface Principal {
  userId: number;
  username: string;
  roleId: number;
  roleName: string;
  privLevel: number;
  tenantId: number;
  sessionHash: string;
}

/** Privilege levels of BEHAVIOR.md §2. */
export const PRIV = {
  READ: 10,
  PORTAL: 15,
  OPERATIONS: 20,
  ADMIN: 30,
} as const;
