import type {
  CdnFederationRecord,
  FederationDeliveryServiceRecord,
  FederationResolverRecord,
} from '../../shared/contract/federations.js';
import { formatTimestampTz } from '../../shared/time.js';
import type { DeliveryService } from '../store/deliveryservices.js';
import type { FederationResolver } from '../store/federation-resolvers.js';
import type { Federation } from '../store/federations.js';
import type { CdnFederationRow } from '../services/federations/cdn-federations.js';

/** A CDN federation as Traffic Ops' Go server wrote it (times `YYYY-MM-DD hh:mm:ss+00`). */
export function cdnFederationRecord(
  f: Federation,
  ds: CdnFederationRow['deliveryService'] = null,
): CdnFederationRecord {
  const record: CdnFederationRecord = {
    id: f.id,
    cname: f.cname,
    ttl: f.ttl,
    description: f.description,
    lastUpdated: formatTimestampTz(f.lastUpdated),
  };
  return ds ? { ...record, deliveryService: ds } : record;
}

export const resolverRecord = (r: FederationResolver): FederationResolverRecord => ({
  id: r.id,
  ipAddress: r.ipAddress,
  lastUpdated: formatTimestampTz(r.lastUpdated),
  type: r.type,
});

export const resolverLinkRecord = (r: FederationResolver) => ({ id: r.id, ipAddress: r.ipAddress, type: r.type });

export const federationDsRecord = (ds: DeliveryService): FederationDeliveryServiceRecord => ({
  id: ds.id,
  cdn: ds.cdnName,
  type: ds.typeName,
  xmlId: ds.xmlId,
});
