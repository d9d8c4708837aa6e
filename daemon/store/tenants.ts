import type { Change } from './change-log.js';
import type { TenantDependent } from '../../shared/rules/tenants.js';

/** A tenant; tenants form a tree under `root`. */
export interface Tenant {
  id: number;
  name: string;
  active: boolean;
  parentId: number | null;
  parentName: string | null;
  lastUpdated: number;
}

/** The writable fields of a tenant. */
export interface TenantFields {
  name: string;
  active: boolean;
  parentId: number;
}

/** What an update came to: only `updated` changed anything. */
export type TenantUpdateOutcome = 'updated' | 'missing' | 'taken' | 'cycle';
/** What a delete came to; `in-use` names the first kind of record that still refers to the tenant. */
export type TenantRemoveOutcome =
  { kind: 'removed'; name: string } | { kind: 'missing' } | { kind: 'in-use'; by: TenantDependent };

/** Tenants: reads, and writes that keep the tree a tree (issue 31). */
export interface TenantStore {
  list(): Promise<Tenant[]>;
  get(id: number): Promise<Tenant | null>;
  byName(name: string): Promise<Tenant | null>;
  /** Inserts a tenant; null when its name is taken. */
  insert(f: TenantFields, now: number, change?: Change<number | null>): Promise<number | null>;
  /** Replaces a tenant's fields unless the name is another's or the new parent is the tenant or below it. */
  update(id: number, f: TenantFields, now: number, change?: Change<TenantUpdateOutcome>): Promise<TenantUpdateOutcome>;
  /** Deletes a tenant nothing refers to (child tenants, users, delivery services, origins). */
  remove(id: number, change?: Change<TenantRemoveOutcome>): Promise<TenantRemoveOutcome>;
}

/** The tables that refer to a tenant, checked in this order before a delete. */
export const TENANT_DEPENDENTS: readonly [TenantDependent, string, string][] = [
  ['child tenants', 'tenants', 'parent_id'],
  ['users', 'users', 'tenant_id'],
  ['deliveryservices', 'deliveryservices', 'tenant_id'],
  ['origins', 'origins', 'tenant_id'],
];

/** A row of the tenants table with its parent's name (shared with the PostgreSQL store). */
export interface TenantRow {
  id: number;
  name: string;
  active: number;
  parent_id: number | null;
  parent_name: string | null;
  last_updated: number;
}

export const toTenant = (r: TenantRow): Tenant => ({
  id: r.id,
  name: r.name,
  active: r.active === 1,
  parentId: r.parent_id,
  parentName: r.parent_name,
  lastUpdated: r.last_updated,
});

/** Tenants joined with their parent's name (plain SQL both stores accept). */
export const TENANT_SELECT =
  'SELECT t.*, p.name AS parent_name FROM tenants t LEFT JOIN tenants p ON p.id = t.parent_id';
