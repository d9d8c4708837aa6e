import type { AppContext } from '../../context.js';
import { DELIVERY_SERVICE_TABLES, type DeliveryService } from '../../store/deliveryservices.js';
import type { Store } from '../../store/index.js';

/** Delivery services read for purges, per store, under the data version they were read at. */
const remembered = new WeakMap<Store, { version: string; byId: Map<number, DeliveryService | null> }>();
const KEPT = 1024;

/**
 * The delivery service a purge names (null: none), read once per data version of the tables its record is
 * built from. A burst of purges names the same few delivery services over and over, and writes only jobs, the
 * change log and the caches' pending flags, none of which the record is read from: the record is read once.
 * Any write to those tables (by this process or another) moves the version, and the record is read again.
 */
export async function purgeTarget(ctx: AppContext, id: number): Promise<DeliveryService | null> {
  const store = ctx.store;
  const version = await store.dataVersion(DELIVERY_SERVICE_TABLES);
  let memo = remembered.get(store);
  if (!memo || memo.version !== version) {
    memo = { version, byId: new Map() };
    remembered.set(store, memo);
  }
  const known = memo.byId.get(id);
  if (known !== undefined) return known;
  const ds = await store.deliveryServices.byId(id);
  if (memo.byId.size >= KEPT) memo.byId.clear();
  memo.byId.set(id, ds);
  return ds;
}
