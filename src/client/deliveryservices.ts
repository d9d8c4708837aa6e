import type { HttpClient } from './http.js';
import type { ApiResult } from './types.js';

/** A delivery service, in the seed's shape (ids as digit strings, `tenantId` an int); the fields the CLI reads. */
export interface DeliveryService {
  id: string;
  xmlId: string;
  displayName: string;
  active: boolean;
  cdnId: string;
  cdnName: string;
  orgServerFqdn: string | null;
  protocol: string | null;
  routingName: string | null;
  type: string | null;
  tenant: string | null;
  tenantId: number | null;
  profileName: string | null;
  [field: string]: unknown;
}

/** GET deliveryservices, filtered by `xmlId`, `cdn` (id or name), `tenant` (id) or `id`. */
export function listDeliveryServices(
  http: HttpClient,
  query: { xmlId?: string; cdn?: string; tenant?: number; id?: number } = {},
): Promise<ApiResult<DeliveryService[]>> {
  return http.get('/deliveryservices', query);
}
