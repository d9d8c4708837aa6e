import type { DeliveryServiceRecord } from '../contract/deliveryservices.js';
import type { HttpClient } from './http.js';
import type { ApiResult } from './types.js';

/** A delivery service, in the seed's shape (ids as digit strings, `tenantId` an int). */
export type DeliveryService = DeliveryServiceRecord;

/** GET deliveryservices, filtered by `xmlId`, `cdn` (id or name), `tenant` (id) or `id`. */
export function listDeliveryServices(
  http: HttpClient,
  query: { xmlId?: string; cdn?: string; tenant?: number; id?: number } = {},
): Promise<ApiResult<DeliveryService[]>> {
  return http.get('/deliveryservices', query);
}
