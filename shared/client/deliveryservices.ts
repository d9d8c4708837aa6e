import type { DeliveryServiceRecord } from '../contract/deliveryservices.js';
import type { GoDeliveryServiceV12, GoDeliveryServiceV15 } from '../contract/go-deliveryservices.js';
import type { HttpClient } from './http.js';
import type { ApiResult } from './types.js';

/**
 * A delivery service as GET deliveryservices answers it: Traffic Ops' V12 at 1.1/1.2, V13 at 1.3, V14 at 1.4, V15
 * at 1.5 (ids and numbers as JSON numbers); the keys a newer version added are absent at the older ones.
 */
export type DeliveryService = Omit<GoDeliveryServiceV12, 'id' | 'xmlId'> & {
  /** Never null in an answer: every stored delivery service has both. */
  id: number;
  xmlId: string;
} & Partial<Omit<GoDeliveryServiceV15, keyof GoDeliveryServiceV12>>;

/** A delivery service in the seed's shape (ids as digit strings): GET users/:id/deliveryservices at 1.2. */
export type SeedDeliveryService = DeliveryServiceRecord;

/** GET deliveryservices, filtered by `xmlId`, `cdn` (id or name), `tenant` (id) or `id`. */
export function listDeliveryServices(
  http: HttpClient,
  query: { xmlId?: string; cdn?: string; tenant?: number; id?: number } = {},
): Promise<ApiResult<DeliveryService[]>> {
  return http.get('/deliveryservices', query);
}
