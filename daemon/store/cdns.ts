/** A CDN: a domain under which delivery services are served. */
export interface Cdn {
  id: number;
  name: string;
  domainName: string;
  dnssecEnabled: boolean;
  lastUpdated: number;
}

/** Read access to CDNs; ordered by name. */
export interface CdnStore {
  list(): Promise<Cdn[]>;
  byId(id: number): Promise<Cdn | null>;
  byName(name: string): Promise<Cdn | null>;
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
