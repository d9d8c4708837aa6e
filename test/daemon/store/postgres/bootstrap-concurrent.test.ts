import { afterAll, beforeAll, expect, it } from 'vitest';
import { exportSnapshot } from '../../../../daemon/services/snapshot/export.js';
import { importSnapshot } from '../../../../daemon/services/snapshot/import.js';
import { bootstrap } from '../../../../daemon/services/auth/bootstrap.js';
import { openPgStore } from '../../../../daemon/store/postgres/index.js';
import { startPgCluster, type PgCluster } from '../../../helpers/pg-cluster.js';
import { goldenSnapshotHashed } from '../../snapshot/helpers.js';

let cluster: PgCluster;
beforeAll(async () => {
  cluster = await startPgCluster();
}, 60_000);
afterAll(() => cluster?.stop());

it('several daemons bootstrapping one empty database at once create one admin, and ids stay fresh', async () => {
  const url = await cluster.createDatabase();
  const opened = await Promise.all([1, 2, 3].map(() => openPgStore(url)));
  try {
    const results = await Promise.all(opened.map(({ store }) => bootstrap(store, Date.now(), 'Adm1nPassw0rd!')));
    expect(results.filter((r) => r.createdAdmin)).toHaveLength(1);
    const { pool } = opened[0]!;
    const roles = await pool.query<{ n: number }>('SELECT count(*) AS n FROM roles');
    expect(roles.rows[0]!.n).toBe(7);
    // Fixed ids were seeded; a role inserted without an id gets the next one, not a taken one.
    const added = await pool.query<{ id: number }>(
      "INSERT INTO roles (name, description, priv_level) VALUES ('extra', 'x', 1) RETURNING id",
    );
    expect(added.rows[0]!.id).toBe(8);
    // Every later start seeds again; rows already there draw no id, so the next CDN is 2 as on SQLite.
    await bootstrap(opened[2]!.store, Date.now(), undefined);
    const cdn = await pool.query<{ id: number }>(
      "INSERT INTO cdns (name, domain_name, last_updated) VALUES ('c2', 'c2.example', 0) RETURNING id",
    );
    expect(cdn.rows[0]!.id).toBe(2);
    await pool.query('DELETE FROM cdns WHERE id = 2');
    // An import beside another daemon's writes: both land, and the import's rows keep their ids on re-import.
    await importSnapshot(opened[1]!.store, await goldenSnapshotHashed());
    const before = await pool.query<{ id: number; xml_id: string }>(
      'SELECT id, xml_id FROM deliveryservices ORDER BY id',
    );
    await importSnapshot(
      opened[2]!.store,
      JSON.parse(JSON.stringify(await exportSnapshot(opened[0]!.store, { withHashes: true }))),
    );
    expect((await pool.query('SELECT id, xml_id FROM deliveryservices ORDER BY id')).rows).toEqual(before.rows);
  } finally {
    await Promise.all(opened.map(({ store }) => store.close()));
  }
}, 60_000);
