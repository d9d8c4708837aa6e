import type { Change } from './change-log.js';

/** A CDN: a domain under which delivery services are served. */
export interface Cdn {
  id: number;
  name: string;
  domainName: string;
  dnssecEnabled: boolean;
  lastUpdated: number;
}

/** What POST and PUT cdns write. */
export interface CdnFields {
  name: string;
  domainName: string;
  dnssecEnabled: boolean;
}

/** What still uses a CDN: a delete is refused while any count is above zero. */
export interface CdnUsage {
  servers: number;
  deliveryServices: number;
  profiles: number;
  federations: number;
}

/** CDNs; lists are ordered by name. Each write appends its `change` in its own transaction. */
export interface CdnStore {
  list(): Promise<Cdn[]>;
  byId(id: number): Promise<Cdn | null>;
  byName(name: string): Promise<Cdn | null>;
  /** The new CDN's id (the caller has checked that the name and domain are free). */
  insert(fields: CdnFields, now: number, change?: Change<number>): Promise<number>;
  /** False when there was no such CDN. */
  update(id: number, fields: CdnFields, now: number, change?: Change<boolean>): Promise<boolean>;
  /** False when there was no such CDN. */
  delete(id: number, change?: Change<boolean>): Promise<boolean>;
  usage(id: number): Promise<CdnUsage>;
}

export interface CdnRow {
  id: number;
  name: string;
  domain_name: string;
  dnssec_enabled: number;
  last_updated: number;
}

export const toCdn = (r: CdnRow): Cdn => ({
  id: r.id,
  name: r.name,
  domainName: r.domain_name,
  dnssecEnabled: r.dnssec_enabled === 1,
  lastUpdated: r.last_updated,
});

/** The counts of what uses a CDN, one query for both stores. */
export const CDN_USAGE_SQL = (p: string) => `SELECT
  (SELECT count(*) FROM servers WHERE cdn_id = ${p}) AS servers,
  (SELECT count(*) FROM deliveryservices WHERE cdn_id = ${p}) AS delivery_services,
  (SELECT count(*) FROM profiles WHERE cdn_id = ${p}) AS profiles,
  (SELECT count(*) FROM federations WHERE cdn_id = ${p}) AS federations`;

export interface CdnUsageRow {
  servers: number | string;
  delivery_services: number | string;
  profiles: number | string;
  federations: number | string;
}

export const toCdnUsage = (r: CdnUsageRow | undefined): CdnUsage => ({
  servers: Number(r?.servers ?? 0),
  deliveryServices: Number(r?.delivery_services ?? 0),
  profiles: Number(r?.profiles ?? 0),
  federations: Number(r?.federations ?? 0),
});
