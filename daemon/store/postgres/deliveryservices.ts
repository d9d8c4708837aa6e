import {
  DELIVERY_SERVICE_SELECT,
  toDeliveryService,
  type DeliveryServiceRow,
  type DeliveryServiceStore,
} from '../deliveryservices.js';
import type { PgPool } from './pool.js';
import { statement } from './statement.js';

type ListParams = [
  ids: number[] | null,
  xmlId: string | null,
  cdnId: number | null,
  cdnName: string | null,
  tenantIds: number[] | null,
  userId: number | null,
  notUserId: number | null,
];

// Ids travel as bigint: an id beyond integer's range finds nothing, as on SQLite, instead of failing the query.
// One statement for every filter, as on SQLite: an absent criterion is NULL and matches everything.
// xmlIds in SQLite's binary order, whatever the database's collation.
const list = statement<ListParams, DeliveryServiceRow>(
  'deliveryservices_list',
  `${DELIVERY_SERVICE_SELECT}
   WHERE ($1::bigint[] IS NULL OR ds.id = ANY($1::bigint[]))
     AND ($2::text IS NULL OR ds.xml_id = $2)
     AND ($3::bigint IS NULL OR ds.cdn_id = $3::bigint)
     AND ($4::text IS NULL OR c.name = $4)
     AND ($5::bigint[] IS NULL OR ds.tenant_id = ANY($5::bigint[]))
     AND ($6::bigint IS NULL OR EXISTS (SELECT 1 FROM deliveryservice_users du
                                      WHERE du.deliveryservice_id = ds.id AND du.user_id = $6::bigint))
     AND ($7::bigint IS NULL OR NOT EXISTS (SELECT 1 FROM deliveryservice_users du
                                      WHERE du.deliveryservice_id = ds.id AND du.user_id = $7::bigint))
   ORDER BY ds.xml_id COLLATE "C"`,
);
const byId = statement<[number], DeliveryServiceRow>(
  'deliveryservices_by_id',
  `${DELIVERY_SERVICE_SELECT} WHERE ds.id = $1::bigint`,
);
const byXmlId = statement<[string], DeliveryServiceRow>(
  'deliveryservices_by_xml_id',
  `${DELIVERY_SERVICE_SELECT} WHERE ds.xml_id = $1`,
);
const setSslKeyVersion = statement<[number, number, number]>(
  'deliveryservices_set_ssl_key_version',
  'UPDATE deliveryservices SET ssl_key_version = $1, last_updated = $2 WHERE id = $3::bigint',
);

const asList = (values: Iterable<number> | undefined): number[] | null => (values === undefined ? null : [...values]);

/** Delivery services on PostgreSQL: the same answers as sqliteDeliveryServices. */
export function pgDeliveryServices(pool: PgPool): DeliveryServiceStore {
  return {
    async list(filter = {}) {
      const rows = await list.all(
        pool,
        asList(filter.ids),
        filter.xmlId ?? null,
        filter.cdnId ?? null,
        filter.cdnName ?? null,
        asList(filter.tenantIds),
        filter.userId ?? null,
        filter.notAssignedToUserId ?? null,
      );
      return rows.map(toDeliveryService);
    },
    async byId(id) {
      const row = await byId.get(pool, id);
      return row ? toDeliveryService(row) : null;
    },
    async byXmlId(xmlId) {
      const row = await byXmlId.get(pool, xmlId);
      return row ? toDeliveryService(row) : null;
    },
    async setSslKeyVersion(id, version, at) {
      await setSslKeyVersion.run(pool, version, at, id);
    },
  };
}
