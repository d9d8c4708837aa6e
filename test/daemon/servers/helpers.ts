import { importSnapshot } from '../../../daemon/services/snapshot/import.js';
import { cachesApp, type CachesApp } from '../caches/helpers.js';
import type { StoreKind } from '../../helpers/store-kinds.js';

/** A second CDN with an EDGE profile of its own (for the profile/CDN checks). */
const CDN2 = {
  cdns: [{ name: 'cdn2', domainName: 'cdn2.example.test', dnssecEnabled: false }],
  profiles: [{ name: 'EDGE_CDN2', description: 'cdn2 edges', type: 'ATS_PROFILE', cdnName: 'cdn2', params: [] }],
};

export interface ServersApp extends CachesApp {
  /** The id of the physical location `loc1` (division div1, region reg1). */
  physLocationId: number;
  /** Runs SQL on whichever database is behind the app (`?` placeholders). */
  sql(text: string, ...values: Array<string | number>): Promise<Array<Record<string, unknown>>>;
}

/** The caches app, plus cdn2 and its profile, and one physical location (no API for these in this branch). */
export async function serversApp(kind: StoreKind): Promise<ServersApp> {
  const t = await cachesApp(kind);
  await importSnapshot(kind === 'sqlite' ? t.db : t.store, CDN2, { now: t.clock.now() });
  const sql = async (text: string, ...values: Array<string | number>) => {
    if (t.pool === null) {
      const st = t.db.prepare(text);
      return st.reader ? (st.all(...values) as Array<Record<string, unknown>>) : (st.run(...values), []);
    }
    let n = 0;
    return (
      await t.pool.query(
        text.replace(/\?/g, () => `$${++n}`),
        values,
      )
    ).rows as Array<Record<string, unknown>>;
  };
  await sql("INSERT INTO divisions (name, last_updated) VALUES ('div1', 0)");
  await sql("INSERT INTO regions (name, division_id, last_updated) SELECT 'reg1', id, 0 FROM divisions");
  await sql(
    `INSERT INTO phys_locations (name, short_name, address, city, state, zip, region_id, last_updated)
     SELECT 'loc1', 'l1', '1 Main St', 'Denver', 'CO', '80202', id, 0 FROM regions`,
  );
  const [row] = await sql("SELECT id FROM phys_locations WHERE name = 'loc1'");
  return { ...t, sql, physLocationId: Number(row.id) };
}
