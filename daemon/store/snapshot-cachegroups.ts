import type { CachegroupModel, KnownRecords } from './snapshot-types.js';

/*
 * A cache group's fallbacks, localization methods and fallbackToClosest in a snapshot (issue 30): read from their
 * own tables on both stores, and written after every group exists (a fallback may come later in the file). The
 * defaults (true, none, none) are left out of an export, so a snapshot without them reads as before.
 */

/** The main row of a cache group as both stores' snapshot reads select it. */
export type CachegroupSnapshotRow = Omit<CachegroupModel, 'fallbackToClosest' | 'localizationMethods' | 'fallbacks'> & {
  fallbackToClosest: number | string;
};

export interface NamedSideRow {
  cachegroup: string;
  value: string;
}

export const SNAP_CG_METHODS_SQL = `SELECT c.name AS cachegroup, m.method AS value
  FROM cachegroup_localization_methods m JOIN cachegroups c ON c.id = m.cachegroup_id ORDER BY m.method`;
export const SNAP_CG_FALLBACKS_SQL = `SELECT c.name AS cachegroup, b.name AS value
  FROM cachegroup_fallbacks f JOIN cachegroups c ON c.id = f.primary_cachegroup_id
  JOIN cachegroups b ON b.id = f.backup_cachegroup_id ORDER BY f.set_order`;

/** The models, with the non-default extras attached. */
export function cachegroupModels(
  rows: CachegroupSnapshotRow[],
  methods: NamedSideRow[],
  fallbacks: NamedSideRow[],
): CachegroupModel[] {
  return rows.map(({ fallbackToClosest, ...row }) => {
    const own = (list: NamedSideRow[]) => list.filter((r) => r.cachegroup === row.name).map((r) => r.value);
    const m = own(methods);
    const f = own(fallbacks);
    return {
      ...row,
      ...(Number(fallbackToClosest) === 1 ? {} : { fallbackToClosest: false }),
      ...(m.length > 0 ? { localizationMethods: m } : {}),
      ...(f.length > 0 ? { fallbacks: f } : {}),
    };
  });
}

export interface CachegroupInfoRow {
  name: string;
  type: string;
  parent: string | null;
  secondary: string | null;
}

export const CACHEGROUP_INFO_SQL = `SELECT cg.name, ty.name AS type, p.name AS parent, sp.name AS secondary
  FROM cachegroups cg JOIN types ty ON ty.id = cg.type_id LEFT JOIN cachegroups p ON p.id = cg.parent_cachegroup_id
  LEFT JOIN cachegroups sp ON sp.id = cg.secondary_parent_cachegroup_id`;

/** KnownRecords' cachegroupInfo from its rows. */
export const cachegroupInfo = (rows: CachegroupInfoRow[]): KnownRecords['cachegroupInfo'] =>
  new Map(rows.map((r) => [r.name, { type: r.type, parents: [r.parent, r.secondary] }]));
