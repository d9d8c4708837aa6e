// The origin record of the API, shared by the daemon's formatter and the CLI client.

/** An origin (1.3) in Traffic Ops' key order: ids as ints, `lastUpdated` as `YYYY-MM-DD hh:mm:ss+00`. */
export interface OriginRecord {
  cachegroup: string | null;
  cachegroupId: number | null;
  coordinate: string | null;
  coordinateId: number | null;
  deliveryService: string;
  deliveryServiceId: number;
  fqdn: string;
  id: number;
  ip6Address: string | null;
  ipAddress: string | null;
  isPrimary: boolean;
  lastUpdated: string;
  name: string;
  port: number | null;
  profile: string | null;
  profileId: number | null;
  protocol: string;
  tenant: string | null;
  tenantId: number | null;
}
