/** A federation with its CDN and the delivery services it serves (ids, xmlIds and owning tenants). */
export interface Federation {
  id: number;
  cname: string;
  ttl: number;
  description: string | null;
  cdnId: number | null;
  cdnName: string | null;
  lastUpdated: number;
  deliveryServices: { id: number; xmlId: string; tenantId: number }[];
}

/** Read access to federations; ordered by cname. */
export interface FederationStore {
  list(): Promise<Federation[]>;
  byId(id: number): Promise<Federation | null>;
  byCname(cname: string): Promise<Federation | null>;
}

export interface FederationRow {
  id: number;
  cname: string;
  ttl: number;
  description: string | null;
  cdn_id: number | null;
  cdn_name: string | null;
  last_updated: number;
}

export interface LinkRow {
  federation_id: number;
  id: number;
  xml_id: string;
  tenant_id: number;
}

export const SELECT = `SELECT f.*, c.name AS cdn_name FROM federations f LEFT JOIN cdns c ON c.id = f.cdn_id`;
export const LINKS = `SELECT fd.federation_id, ds.id, ds.xml_id, ds.tenant_id FROM federation_deliveryservices fd
  JOIN deliveryservices ds ON ds.id = fd.deliveryservice_id`;

export const toFederation = (r: FederationRow, links: LinkRow[]): Federation => ({
  id: r.id,
  cname: r.cname,
  ttl: r.ttl,
  description: r.description,
  cdnId: r.cdn_id,
  cdnName: r.cdn_name,
  lastUpdated: r.last_updated,
  deliveryServices: links.map((l) => ({ id: l.id, xmlId: l.xml_id, tenantId: l.tenant_id })),
});

/** Groups link rows by federation, keeping their order. */
export function linksByFederation(rows: LinkRow[]): Map<number, LinkRow[]> {
  const links = new Map<number, LinkRow[]>();
  for (const l of rows) links.set(l.federation_id, [...(links.get(l.federation_id) ?? []), l]);
  return links;
}
