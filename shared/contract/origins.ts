// The origin record of the API, shared by the daemon (its response schemas) and the CLI client (the type).
import { bool, int, nullableInt, nullableText, record, text, type FromSchema } from './schema.js';

/** An origin (1.3) in Traffic Ops' key order: ids as ints, `lastUpdated` as `YYYY-MM-DD hh:mm:ss+00`. */
export const originSchema = record({
  cachegroup: nullableText,
  cachegroupId: nullableInt,
  coordinate: nullableText,
  coordinateId: nullableInt,
  deliveryService: text,
  deliveryServiceId: int,
  fqdn: text,
  id: int,
  ip6Address: nullableText,
  ipAddress: nullableText,
  isPrimary: bool,
  lastUpdated: text,
  name: text,
  port: nullableInt,
  profile: nullableText,
  profileId: nullableInt,
  protocol: text,
  tenant: nullableText,
  tenantId: nullableInt,
});
export type OriginRecord = FromSchema<typeof originSchema>;
