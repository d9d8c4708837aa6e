import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { AtsDeliveryService } from '../../../daemon/atsconfig/context.js';
import { atsDeliveryService } from '../../../daemon/atsconfig/from-store.js';
import { generateAtsFile, generateAtsFiles } from '../../../daemon/atsconfig/generate.js';
import { loadDemo } from '../../../daemon/services/snapshot/demo.js';
import type { Db } from '../../../daemon/store/sqlite/db.js';
import { sqliteStore } from '../../../daemon/store/sqlite/index.js';
import { createAtsRoot, startAts, type AtsInstance } from '../../helpers/ats/ats-instance.js';
import { freshDb } from '../snapshot/helpers.js';
import { pairContexts } from './contexts.js';

/*
 * The demo CDN's delivery services, read through the store and mapped by from-store, give an EDGE and a MID
 * whose files the real ATS loads (their header rewrites, regex remaps and range handling included).
 */

let db: Db;
let services: AtsDeliveryService[];
const instances: AtsInstance[] = [];
const dirs: string[] = [];

beforeAll(async () => {
  db = await freshDb();
  await loadDemo({ store: db, firstStart: true, say: () => {} });
  const store = sqliteStore(db);
  const list = await store.deliveryServices.list({ cdnName: 'cdn-na' });
  const origins = await store.origins.list({
    filters: {},
    orderBy: 'name',
    descending: false,
    limit: -1,
    offset: 0,
    visibleTenantIds: null,
  });
  services = list.map((ds) => atsDeliveryService(ds, origins));
});

afterAll(async () => {
  for (const ats of instances) await ats.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  db?.close();
});

test("a demo delivery service maps to the generators' input with its primary origin and every origin", () => {
  const vod = services.find((ds) => ds.xmlId === 'acme-vod');
  expect(vod).toMatchObject({
    type: 'HTTP',
    routingName: 'cdn',
    orgServerFqdn: 'https://vod-origin.acme.example.com',
    rangeRequestHandling: 2,
    edgeHeaderRewrite: 'set-header X-Served-By "mycdn" [L]',
  });
  expect(vod?.origins.map((o) => o.fqdn)).toContain('vod-origin-2.acme.example.com');
});

test.each(['edge', 'mid'] as const)(
  "the demo CDN's %s files load in ATS 9.2",
  async (tier) => {
    const root = createAtsRoot(`demo-${tier}`);
    const ctx = {
      ...pairContexts({ cacheDir: join(root, 'cache'), services })[tier],
      cdn: { id: 1, name: 'cdn-na', domainName: 'na.mycdn.example.net' },
    };
    const etc = mkdtempSync(join(tmpdir(), `cdnctl-demo-${tier}-`));
    dirs.push(etc);
    for (const [name, text] of generateAtsFiles(ctx)) writeFileSync(join(etc, name), text);
    if (tier === 'edge')
      expect(generateAtsFile(ctx, 'remap.config')).toContain(
        'map http://cdn.acme-vod.na.mycdn.example.net/ https://vod-origin.acme.example.com/ @plugin=header_rewrite.so @pparam=hdr_rw_acme-vod.config @plugin=cache_range_requests.so\n',
      );
    const ats = await startAts(etc, { root });
    instances.push(ats);
    expect(ats.diags()).toMatch(/remap\.config finished loading/);
    expect(ats.diags()).not.toMatch(/ERROR|remap\.config failed to load|Cache Disabled/);
  },
  60_000,
);
