import { type Change } from './change-log.js';

/** A user assigned to a federation; `role` is the role's name. */
export interface FederationUser {
  id: number;
  username: string;
  company: string | null;
  role: string;
  email: string;
  fullName: string;
  tenantId: number;
}

/** What an assignment request came to; anything but `assigned` changed nothing. */
export type AssignOutcome =
  | { kind: 'assigned'; count: number }
  | { kind: 'federation-missing' }
  | { kind: 'user-missing'; userId: number }
  | { kind: 'already-assigned'; userId: number };

/** The users assigned to federations (the federations themselves: FederationStore). */
export interface FederationUserStore {
  /** The users assigned to a federation, ordered by user id. */
  users(federationId: number): Promise<FederationUser[]>;
  /**
   * Assigns users in one transaction: with `replace`, existing assignments go first. A user that does not exist
   * or whose tenant is not in `visibleTenantIds` (null: every tenant) counts as missing.
   */
  assign(
    federationId: number,
    userIds: number[],
    replace: boolean,
    visibleTenantIds: number[] | null,
    change?: Change<number>,
  ): Promise<AssignOutcome>;
  /** Removes one assignment of a visible user; answers the user's name, or null when there was none. */
  remove(
    federationId: number,
    userId: number,
    visibleTenantIds: number[] | null,
    change?: Change<string | null>,
  ): Promise<string | null>;
}

export interface FederationUserRow {
  id: number;
  username: string;
  company: string | null;
  role: string;
  email: string;
  full_name: string;
  tenant_id: number;
}

export const toFederationUser = (r: FederationUserRow): FederationUser => ({
  id: r.id,
  username: r.username,
  company: r.company,
  role: r.role,
  email: r.email,
  fullName: r.full_name,
  tenantId: r.tenant_id,
});

/** Thrown inside a transaction to roll it back with an outcome to report. */
export class Abort {
  constructor(readonly outcome: AssignOutcome) {}
}
