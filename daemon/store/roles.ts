import type { Change } from './change-log.js';

/** A role with its privilege level. */
export interface Role {
  id: number;
  name: string;
  description: string;
  privLevel: number;
}

/** A capability a role may list (stored and read; never enforced at 1.x). */
export interface Capability {
  name: string;
  description: string;
  lastUpdated: number;
}

/** The writable fields of a role; `capabilities` null keeps the stored list (on update). */
export interface RoleFields {
  name: string;
  description: string;
  privLevel: number;
  capabilities: string[] | null;
}

/** What a role write came to; only `done` changed anything. */
export type RoleWriteOutcome =
  | { kind: 'done'; id: number }
  | { kind: 'missing' }
  | { kind: 'taken' }
  | { kind: 'unknown-capabilities'; names: string[] };

/** Roles and their capabilities (issue 31: writes at 1.3+). */
export interface RoleStore {
  list(): Promise<Role[]>;
  get(id: number): Promise<Role | null>;
  byName(name: string): Promise<Role | null>;
  /** The capabilities of every role that has any, by role id, each list in name order. */
  capabilitiesByRole(): Promise<Map<number, string[]>>;
  /** Every capability, in name order. */
  capabilities(): Promise<Capability[]>;
  /** Adds a capability; false when the name is taken. */
  insertCapability(c: Capability, change?: Change<boolean>): Promise<boolean>;
  insert(f: RoleFields, change?: Change<RoleWriteOutcome>): Promise<RoleWriteOutcome>;
  update(id: number, f: RoleFields, change?: Change<RoleWriteOutcome>): Promise<RoleWriteOutcome>;
  /** Deletes a role no user has: answers how many users it has when it was not deleted, 0 when deleted, null when missing. */
  remove(id: number, change?: Change<number | null>): Promise<number | null>;
}

/** Thrown inside a transaction to roll it back with an outcome to report. */
export class RoleAbort {
  constructor(readonly outcome: RoleWriteOutcome) {}
}

/** A row of the roles table (shared with the PostgreSQL store). */
export interface RoleRow {
  id: number;
  name: string;
  description: string;
  priv_level: number;
}

export const toRole = (r: RoleRow): Role => ({
  id: r.id,
  name: r.name,
  description: r.description,
  privLevel: r.priv_level,
});
