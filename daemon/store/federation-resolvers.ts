import type { Change } from './change-log.js';

/** A federation resolver: an IP address or network (CIDR) of type RESOLVE4 or RESOLVE6. */
export interface FederationResolver {
  id: number;
  ipAddress: string;
  typeId: number;
  type: string;
  lastUpdated: number;
}

/** One federation of a user and one delivery service it serves, with the federation's resolvers (by IP). */
export interface UserFederationMapping {
  federationId: number;
  cname: string;
  ttl: number;
  xmlId: string;
  dsTenantId: number;
  resolvers: { ipAddress: string; type: string }[];
}

/** A resolver to add for a federation (POST federations). */
export interface NewResolver {
  ipAddress: string;
  typeId: number;
}

/** Federation resolvers, their links to federations, and a federation user's own resolver mappings. */
export interface FederationResolverStore {
  /** Every resolver, ordered by id. */
  list(): Promise<FederationResolver[]>;
  byId(id: number): Promise<FederationResolver | null>;
  /** Inserts a resolver; null when the IP address is taken. */
  insert(r: NewResolver, now: number, change?: Change<number | null>): Promise<number | null>;
  /** Deletes a resolver (and its links); answers it, or null when there was none. */
  remove(id: number, change?: Change<FederationResolver | null>): Promise<FederationResolver | null>;
  /** The resolvers linked to a federation, ordered by IP address. */
  ofFederation(federationId: number): Promise<FederationResolver[]>;
  /** Links resolvers to a federation (with `replace`, its other links go); the first unknown resolver id aborts. */
  assign(
    federationId: number,
    resolverIds: number[],
    replace: boolean,
    change?: Change<number | null>,
  ): Promise<number | null>;
  /** The federations `userId` is assigned to, once per delivery service each serves, ordered by xmlId. */
  userMappings(userId: number): Promise<UserFederationMapping[]>;
  /**
   * Adds resolvers for one federation: new IPs are created, and every IP given (new or already stored) is linked to
   * the federation. Answers the IPs in the order given.
   */
  addForFederation(
    federationId: number,
    resolvers: NewResolver[],
    now: number,
    change?: Change<string[]>,
  ): Promise<string[]>;
  /** Deletes every resolver linked to any federation of `userId`; answers their IPs, ordered by id. */
  removeForUser(userId: number, change?: Change<string[]>): Promise<string[]>;
}

export interface ResolverRow {
  id: number;
  ip_address: string;
  type_id: number;
  type: string;
  last_updated: number;
}

export const toResolver = (r: ResolverRow): FederationResolver => ({
  id: r.id,
  ipAddress: r.ip_address,
  typeId: r.type_id,
  type: r.type,
  lastUpdated: r.last_updated,
});

export const RESOLVER_SELECT = `SELECT fr.id, fr.ip_address, fr.type_id, t.name AS type, fr.last_updated
  FROM federation_resolvers fr JOIN types t ON t.id = fr.type_id`;

export interface MappingRow {
  federation_id: number;
  cname: string;
  ttl: number;
  xml_id: string;
  tenant_id: number;
  ip_address: string | null;
  type: string | null;
}

/** The user's federations × their delivery services, with one row per linked resolver (or one with nulls). */
export const MAPPING_SELECT = `SELECT f.id AS federation_id, f.cname, f.ttl, ds.xml_id, ds.tenant_id,
    fr.ip_address, t.name AS type
  FROM federation_users fu
  JOIN federations f ON f.id = fu.federation_id
  JOIN federation_deliveryservices fd ON fd.federation_id = f.id
  JOIN deliveryservices ds ON ds.id = fd.deliveryservice_id
  LEFT JOIN federation_federation_resolvers ffr ON ffr.federation_id = f.id
  LEFT JOIN federation_resolvers fr ON fr.id = ffr.federation_resolver_id
  LEFT JOIN types t ON t.id = fr.type_id`;

/** Groups mapping rows by (federation, delivery service), keeping the rows' order. */
export function toMappings(rows: MappingRow[]): UserFederationMapping[] {
  const byKey = new Map<string, UserFederationMapping>();
  for (const r of rows) {
    const key = `${r.federation_id}|${r.xml_id}`;
    let m = byKey.get(key);
    if (!m) {
      m = {
        federationId: r.federation_id,
        cname: r.cname,
        ttl: r.ttl,
        xmlId: r.xml_id,
        dsTenantId: r.tenant_id,
        resolvers: [],
      };
      byKey.set(key, m);
    }
    if (r.ip_address !== null && r.type !== null) m.resolvers.push({ ipAddress: r.ip_address, type: r.type });
  }
  return [...byKey.values()];
}

/** Thrown inside a transaction to roll it back, naming the resolver id that does not exist. */
export class MissingResolver {
  constructor(readonly id: number) {}
}
