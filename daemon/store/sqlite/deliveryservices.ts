import type { Db } from './db.js';
import {
  DELIVERY_SERVICE_SELECT,
  type DeliveryServiceRow,
  type DeliveryServiceStore,
  toDeliveryService,
} from '../deliveryservices.js';

export function sqliteDeliveryServices(db: Db): DeliveryServiceStore {
  // One statement for every filter: an absent criterion is NULL and matches everything.
  const list = db.prepare<[ListParams], DeliveryServiceRow>(
    `${DELIVERY_SERVICE_SELECT}
     WHERE (@ids IS NULL OR ds.id IN (SELECT value FROM json_each(@ids)))
       AND (@xmlId IS NULL OR ds.xml_id = @xmlId)
       AND (@cdnId IS NULL OR ds.cdn_id = @cdnId)
       AND (@cdnName IS NULL OR c.name = @cdnName)
       AND (@tenantIds IS NULL OR ds.tenant_id IN (SELECT value FROM json_each(@tenantIds)))
       AND (@userId IS NULL OR EXISTS (SELECT 1 FROM deliveryservice_users du
                                        WHERE du.deliveryservice_id = ds.id AND du.user_id = @userId))
       AND (@notUserId IS NULL OR NOT EXISTS (SELECT 1 FROM deliveryservice_users du
                                        WHERE du.deliveryservice_id = ds.id AND du.user_id = @notUserId))
     ORDER BY ds.xml_id`,
  );
  const byId = db.prepare<[number], DeliveryServiceRow>(`${DELIVERY_SERVICE_SELECT} WHERE ds.id = ?`);
  const byXmlId = db.prepare<[string], DeliveryServiceRow>(`${DELIVERY_SERVICE_SELECT} WHERE ds.xml_id = ?`);
  const setSslKeyVersion = db.prepare<[number, number, number]>(
    'UPDATE deliveryservices SET ssl_key_version = ?, last_updated = ? WHERE id = ?',
  );
  return {
    async list(filter = {}) {
      return list
        .all({
          ids: asJsonList(filter.ids),
          xmlId: filter.xmlId ?? null,
          cdnId: filter.cdnId ?? null,
          cdnName: filter.cdnName ?? null,
          tenantIds: asJsonList(filter.tenantIds),
          userId: filter.userId ?? null,
          notUserId: filter.notAssignedToUserId ?? null,
        })
        .map(toDeliveryService);
    },
    async byId(id) {
      const row = byId.get(id);
      return row ? toDeliveryService(row) : null;
    },
    async byXmlId(xmlId) {
      const row = byXmlId.get(xmlId);
      return row ? toDeliveryService(row) : null;
    },
    async setSslKeyVersion(id, version, at) {
      setSslKeyVersion.run(version, at, id);
    },
  };
}

interface ListParams {
  ids: string | null;
  xmlId: string | null;
  cdnId: number | null;
  cdnName: string | null;
  tenantIds: string | null;
  userId: number | null;
  notUserId: number | null;
}

const asJsonList = (values: Iterable<number> | undefined): string | null =>
  values === undefined ? null : JSON.stringify([...values]);
