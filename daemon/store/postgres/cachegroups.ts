import { pgCachegroupWrites } from './cachegroup-writes.js';
import { loggedWritePg } from './change-append.js';
import type { PgPool } from './pool.js';
import { statement } from './statement.js';
import { toParameter, type ParameterRow } from '../parameters.js';
import {
  CG_FALLBACKS_SQL,
  CG_LINKS_SQL,
  CG_METHODS_SQL,
  CG_PARAMETERS_SQL,
  CG_SERVERS_SQL,
  CG_TYPE_SQL,
  CG_USAGE_SQL,
  toCachegroupUsage,
  toCachegroups,
  toLink,
  type CachegroupLinkRow,
  type CachegroupRow,
  type CachegroupServer,
  type CachegroupSideRow,
  type CachegroupStore,
  type CachegroupUsageRow,
} from '../cachegroups.js';

// Names sort by bytes (COLLATE "C"), as SQLite's ORDER BY cg.name does.
const list = statement<[number | null, string | null, number | null, string | null], CachegroupRow>(
  'cachegroups_list',
  `SELECT cg.id, cg.name, cg.short_name, cg.type_id, ty.name AS type_name, co.latitude, co.longitude,
      cg.parent_cachegroup_id, p.name AS parent_name, cg.secondary_parent_cachegroup_id, sp.name AS secondary_name,
      cg.fallback_to_closest, cg.last_updated
     FROM cachegroups cg JOIN types ty ON ty.id = cg.type_id LEFT JOIN coordinates co ON co.id = cg.coordinate_id
     LEFT JOIN cachegroups p ON p.id = cg.parent_cachegroup_id LEFT JOIN cachegroups sp ON sp.id = cg.secondary_parent_cachegroup_id
    WHERE ($1::integer IS NULL OR cg.id = $1) AND ($2::text IS NULL OR cg.name = $2) AND ($3::integer IS NULL OR cg.type_id = $3)
      AND ($4::text IS NULL OR cg.short_name = $4)
    ORDER BY cg.name COLLATE "C"`,
);
const methods = statement<[], CachegroupSideRow>('cachegroups_methods', CG_METHODS_SQL);
const fallbacks = statement<[], CachegroupSideRow>('cachegroups_fallbacks', CG_FALLBACKS_SQL);
const usage = statement<[number], CachegroupUsageRow>('cachegroups_usage', CG_USAGE_SQL('$1::integer'));
const servers = statement<[number], CachegroupServer>('cachegroups_servers', CG_SERVERS_SQL('$1::integer'));
const linked = statement<[number], ParameterRow>('cachegroups_params', CG_PARAMETERS_SQL('$1::integer', true));
const unlinked = statement<[number], ParameterRow>(
  'cachegroups_unassigned_params',
  CG_PARAMETERS_SQL('$1::integer', false),
);
const links = statement<[number | null, number | null], CachegroupLinkRow>(
  'cachegroups_param_links',
  CG_LINKS_SQL('$1::integer', '$2::integer'),
);
const typeById = statement<[number], { name: string; useInTable: string }>(
  'cachegroups_type_by_id',
  CG_TYPE_SQL('$1::integer'),
);
const unlink = statement<[number, number]>(
  'cachegroups_param_unlink',
  'DELETE FROM cachegroup_parameters WHERE cachegroup_id = $1 AND parameter_id = $2',
);

const parameter = (r: ParameterRow) =>
  toParameter({ ...r, secure: Number(r.secure), last_updated: Number(r.last_updated) });

/** Cache groups on PostgreSQL: the same answers as sqliteCachegroups. */
export function pgCachegroups(pool: PgPool): CachegroupStore {
  const read = async (id: number | null, name: string | null, type: number | null, short: string | null) =>
    toCachegroups(await list.all(pool, id, name, type, short), await methods.all(pool), await fallbacks.all(pool));
  return {
    async list(filters) {
      return read(filters.id ?? null, filters.name ?? null, filters.type ?? null, filters.shortName ?? null);
    },
    async byId(id) {
      return (await read(id, null, null, null))[0] ?? null;
    },
    ...pgCachegroupWrites(pool),
    async usage(id) {
      return toCachegroupUsage(await usage.get(pool, id));
    },
    async typeById(id) {
      return (await typeById.get(pool, id)) ?? null;
    },
    async servers(id) {
      return servers.all(pool, id);
    },
    async parameters(id) {
      return (await linked.all(pool, id)).map(parameter);
    },
    async unassignedParameters(id) {
      return (await unlinked.all(pool, id)).map(parameter);
    },
    async parameterLinks(filters) {
      return (await links.all(pool, filters.cachegroup ?? null, filters.parameter ?? null)).map(toLink);
    },
    async unlinkParameter(cachegroupId, parameterId, change) {
      return loggedWritePg(pool, async (client) => (await unlink.run(client, cachegroupId, parameterId)) > 0, change);
    },
  };
}
