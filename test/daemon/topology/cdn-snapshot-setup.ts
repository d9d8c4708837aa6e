import { expect } from 'vitest';
import { importSnapshot } from '../../../daemon/services/snapshot/import.js';
import { topologyApp, type TopologyApp } from './helpers.js';
import type { StoreKind } from '../../helpers/store-kinds.js';

/** cdn1's other servers: two health monitors and a router, in a group of their own, with their profiles. */
const OTHER_SERVERS = {
  cachegroups: [{ name: 'tr-cg', shortName: 'tr', type: 'TR_LOC', coordinate: 'coord1' }],
  profiles: [
    {
      name: 'RASCAL_CDN1',
      description: 'health monitors',
      type: 'TM_PROFILE',
      cdnName: 'cdn1',
      params: [
        { name: 'health.polling.interval', configFile: 'rascal-config.txt', value: '8000' },
        { name: 'tm.dataServer.polling.url', configFile: 'rascal-config.txt', value: 'https://to/crconfig' },
      ],
    },
    {
      name: 'CCR_CDN1',
      description: 'routers',
      type: 'TR_PROFILE',
      cdnName: 'cdn1',
      params: [{ name: 'api.port', configFile: 'server.xml', value: '3333' }],
    },
  ],
  servers: [
    { hostName: 'mon1', domainName: 'cdn1.example.test', ipAddress: '192.0.2.11', type: 'RASCAL' },
    { hostName: 'mon2', domainName: 'cdn1.example.test', ipAddress: '192.0.2.12', type: 'RASCAL' },
    { hostName: 'tr1', domainName: 'cdn1.example.test', ipAddress: '192.0.2.21', type: 'CCR' },
  ].map((s) => ({
    ...s,
    status: 'ONLINE',
    cachegroup: 'tr-cg',
    cdnName: 'cdn1',
    profile: s.type === 'CCR' ? 'CCR_CDN1' : 'RASCAL_CDN1',
  })),
};

/** Health thresholds and polling rules of the edges (rascal.properties), and a CRConfig.json weight. */
const EDGE_PARAMS = [
  { name: 'health.threshold.loadavg', configFile: 'rascal.properties', value: '25.0', secure: 0 },
  { name: 'health.threshold.availableBandwidthInKbps', configFile: 'rascal.properties', value: '>1750000', secure: 0 },
  { name: 'health.threshold.queryTime', configFile: 'rascal.properties', value: '1000', secure: 0 },
  { name: 'health.threshold.maxKbps', configFile: 'rascal.properties', value: '>=10', secure: 0 },
  { name: 'health.polling.url', configFile: 'rascal.properties', value: 'http://${hostname}/_astats', secure: 0 },
  { name: 'health.connection.timeout', configFile: 'rascal.properties', value: '2000', secure: 0 },
  { name: 'history.count', configFile: 'rascal.properties', value: '30', secure: 0 },
  { name: 'weightMultiplier', configFile: 'CRConfig.json', value: '2000', secure: 0 },
  { name: 'tld.ttls.NS', configFile: 'CRConfig.json', value: '7200', secure: 0 },
];

/** The golden topology with cdn1's monitors and router added (types through the API, the rest imported). */
export async function snapshotApp(kind: StoreKind): Promise<TopologyApp> {
  const t = await topologyApp(kind);
  for (const name of ['RASCAL', 'CCR']) {
    const res = await t.call('admin', 'POST', '/api/1.5/types', { name, description: name, useInTable: 'server' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  await importSnapshot(t.kind === 'sqlite' ? t.db : t.store, OTHER_SERVERS, { now: t.clock.now() });
  const params = await t.call('admin', 'POST', '/api/1.3/profiles/name/EDGE_PROFILE1/parameters', EDGE_PARAMS);
  expect(params.status, JSON.stringify(params.body)).toBe(200);
  return t;
}
