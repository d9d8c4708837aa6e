import type { Db } from './db.js';
import { loggedWrite } from './change-log.js';
import { sqliteCachegroupWrites } from './cachegroup-writes.js';
import { guardWrite } from '../faults.js';
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

export function sqliteCachegroups(db: Db): CachegroupStore {
  const list = db.prepare<[Params], CachegroupRow>(SELECT);
  const methods = db.prepare<[], CachegroupSideRow>(CG_METHODS_SQL);
  const fallbacks = db.prepare<[], CachegroupSideRow>(CG_FALLBACKS_SQL);
  const usage = db.prepare<{ p: number }, CachegroupUsageRow>(CG_USAGE_SQL('@p'));
  const servers = db.prepare<{ p: number }, CachegroupServer>(CG_SERVERS_SQL('@p'));
  const linked = db.prepare<{ p: number }, ParameterRow>(CG_PARAMETERS_SQL('@p', true));
  const unlinked = db.prepare<{ p: number }, ParameterRow>(CG_PARAMETERS_SQL('@p', false));
  const links = db.prepare<{ cg: number | null; param: number | null }, CachegroupLinkRow>(
    CG_LINKS_SQL('@cg', '@param'),
  );
  const unlink = db.prepare<[number, number]>(
    'DELETE FROM cachegroup_parameters WHERE cachegroup_id = ? AND parameter_id = ?',
  );
  const typeById = db.prepare<{ p: number }, { name: string; useInTable: string }>(CG_TYPE_SQL('@p'));
  const logged = loggedWrite(db);
  const read = (params: Params) => toCachegroups(list.all(params), methods.all(), fallbacks.all());
  return {
    async list(filters) {
      return read({
        id: filters.id ?? null,
        name: filters.name ?? null,
        type: filters.type ?? null,
        short: filters.shortName ?? null,
      });
    },
    async byId(id) {
      return read({ id, name: null, type: null, short: null })[0] ?? null;
    },
    ...sqliteCachegroupWrites(db),
    async usage(id) {
      return toCachegroupUsage(usage.get({ p: id }));
    },
    async typeById(id) {
      return typeById.get({ p: id }) ?? null;
    },
    async servers(id) {
      return servers.all({ p: id });
    },
    async parameters(id) {
      return linked.all({ p: id }).map(toParameter);
    },
    async unassignedParameters(id) {
      return unlinked.all({ p: id }).map(toParameter);
    },
    async parameterLinks(filters) {
      return links.all({ cg: filters.cachegroup ?? null, param: filters.parameter ?? null }).map(toLink);
    },
    async unlinkParameter(cachegroupId, parameterId, change) {
      return guardWrite(() => logged(() => unlink.run(cachegroupId, parameterId).changes > 0, change));
    },
  };
}

const SELECT = `SELECT cg.id, cg.name, cg.short_name, cg.type_id, ty.name AS type_name, co.latitude, co.longitude,
    cg.parent_cachegroup_id, p.name AS parent_name, cg.secondary_parent_cachegroup_id, sp.name AS secondary_name,
    cg.fallback_to_closest, cg.last_updated
  FROM cachegroups cg JOIN types ty ON ty.id = cg.type_id LEFT JOIN coordinates co ON co.id = cg.coordinate_id
  LEFT JOIN cachegroups p ON p.id = cg.parent_cachegroup_id LEFT JOIN cachegroups sp ON sp.id = cg.secondary_parent_cachegroup_id
  WHERE (@id IS NULL OR cg.id = @id) AND (@name IS NULL OR cg.name = @name) AND (@type IS NULL OR cg.type_id = @type)
    AND (@short IS NULL OR cg.short_name = @short)
  ORDER BY cg.name`;

type Params = { id: number | null; name: string | null; type: number | null; short: string | null };
