import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exportSnapshot } from '../../../daemon/services/snapshot/export.js';
import { importSnapshot } from '../../../daemon/services/snapshot/import.js';
import type { Db } from '../../../daemon/store/sqlite/db.js';
import { sqliteStore } from '../../../daemon/store/sqlite/index.js';
import { testClock } from '../../helpers/app.js';
import { freshDb, goldenSnapshotHashed } from './helpers.js';

/** issue 17: the delivery-service fields Traffic Ops 1.x returned beyond the seed are stored, imported and exported. */
const NOW = testClock().now();
let db: Db;
beforeEach(async () => {
  db = await freshDb(NOW);
});
afterEach(() => db.close());

const EXTRA = {
  anonymousBlockingEnabled: true,
  consistentHashQueryParams: ['abc', 'xyz'],
  consistentHashRegex: '/foo/(.*)',
  ecsEnabled: true,
  fqPacingRate: '1000',
  maxOriginConnections: 25,
  rangeSliceBlockSize: '262144',
  signingAlgorithm: 'uri_signing',
};

describe('delivery-service fields of Traffic Ops 1.x', () => {
  it('stores what the file gives and exports it again', async () => {
    const doc = await goldenSnapshotHashed();
    Object.assign(doc.deliveryServices[0], EXTRA);
    await importSnapshot(db, doc, { now: NOW });
    const ds = await sqliteStore(db).deliveryServices.byXmlId(String(doc.deliveryServices[0].xmlId));
    expect(ds).toMatchObject({
      anonymousBlockingEnabled: true,
      consistentHashQueryParams: ['abc', 'xyz'],
      consistentHashRegex: '/foo/(.*)',
      ecsEnabled: true,
      fqPacingRate: 1000,
      maxOriginConnections: 25,
      rangeSliceBlockSize: 262144,
      signingAlgorithm: 'uri_signing',
      signed: false,
    });
    const exported = (await exportSnapshot(db)).deliveryServices.find((d) => d.xmlId === doc.deliveryServices[0].xmlId);
    expect(exported).toMatchObject({ ...EXTRA, maxOriginConnections: '25' });
  });

  it('keeps signed and signingAlgorithm saying the same thing', async () => {
    const doc = await goldenSnapshotHashed();
    doc.deliveryServices[0].signed = true;
    doc.deliveryServices[1].signingAlgorithm = 'url_sig';
    await importSnapshot(db, doc, { now: NOW });
    const store = sqliteStore(db);
    expect(await store.deliveryServices.byXmlId(String(doc.deliveryServices[0].xmlId))).toMatchObject({
      signed: true,
      signingAlgorithm: 'url_sig',
    });
    expect(await store.deliveryServices.byXmlId(String(doc.deliveryServices[1].xmlId))).toMatchObject({
      signed: true,
      signingAlgorithm: 'url_sig',
    });
    expect(await store.deliveryServices.byXmlId(String(doc.deliveryServices[2].xmlId))).toMatchObject({
      signed: false,
      signingAlgorithm: null,
    });
  });

  it('refuses an unknown signing algorithm and a non-list of query parameters, naming the record', async () => {
    const doc = await goldenSnapshotHashed();
    doc.deliveryServices[0].signingAlgorithm = 'md5';
    doc.deliveryServices[1].consistentHashQueryParams = 'abc';
    await expect(importSnapshot(db, doc, { now: NOW })).rejects.toThrow(
      /signingAlgorithm: must be one of url_sig, uri_signing[\s\S]*consistentHashQueryParams/,
    );
  });
});
