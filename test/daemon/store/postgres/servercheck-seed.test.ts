import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../../../../daemon/store/sqlite/db.js';
import { sqliteStore } from '../../../../daemon/store/sqlite/index.js';
import { seedBuiltinChecks } from '../../../../daemon/store/sqlite/servercheck-seed.js';
import { openPgStore } from '../../../../daemon/store/postgres/index.js';
import { seedBuiltinChecksPg } from '../../../../daemon/store/postgres/servercheck-seed.js';
import { startPgCluster, type PgCluster } from '../../../helpers/pg-cluster.js';
import { CONTRACT_FIXTURE, T0 } from '../contract/fixture.js';

const NUM_TYPE =
  "INSERT INTO types (id, name, description, use_in_table) VALUES (30, 'CHECK_EXTENSION_NUM', 'num check', 'to_extension')";

let cluster: PgCluster;
beforeAll(async () => {
  cluster = await startPgCluster();
}, 60_000);
afterAll(() => cluster?.stop());

it('the builtin checks seed the same extensions on both stores, and seeding again (several daemons starting at once) adds nothing', async () => {
  const db = openDatabase(':memory:');
  db.exec(CONTRACT_FIXTURE);
  db.exec(NUM_TYPE);
  seedBuiltinChecks(db, T0);
  const sqlite = sqliteStore(db);
  const expected = await sqlite.serverChecks.extensions();
  await sqlite.close();
  expect(expected.map((e) => e.servercheckShortName)).toHaveLength(3);

  const url = await cluster.createDatabase('seed');
  const daemons = await Promise.all([openPgStore(url), openPgStore(url), openPgStore(url)]);
  try {
    await daemons[0]!.pool.query(CONTRACT_FIXTURE);
    await daemons[0]!.pool.query(NUM_TYPE);
    await daemons[0]!.pool.query('SELECT cdnctl_sync_identities()');
    await seedBuiltinChecksPg(daemons[1]!.pool, T0);
    // Every start seeds again: rows there are left alone and draw no id.
    await Promise.all(daemons.map((d) => seedBuiltinChecksPg(d.pool, T0 + 1)));
    expect(await daemons[2]!.store.serverChecks.extensions()).toEqual(expected);
    const ext = {
      name: 'mine',
      version: '1',
      infoUrl: 'http://x',
      scriptFile: 'x',
      isActive: true,
      additionalConfigJson: null,
      description: null,
      servercheckShortName: 'MINE',
      typeId: 8,
    };
    expect(await daemons[0]!.store.serverChecks.insertExtension(ext, T0)).toEqual({ id: 4 });
  } finally {
    await Promise.all(daemons.map((d) => d.store.close()));
  }
}, 60_000);
