import { expect, test } from 'vitest';
import { generateAtsFile } from '../../../daemon/atsconfig/generate.js';
import { scopedFile, serverContext, type AtsTopology } from '../../../daemon/atsconfig/topology.js';
import { profileParams, richPair, server } from './contexts.js';

const pair = richPair();
const edge = pair.edge.server;
const [mid1] = pair.edge.parents;
const [mid2] = pair.edge.secondaryParents;
const otherCdn = server({
  id: 9,
  hostName: 'mid-09',
  type: 'MID',
  cachegroup: 'mid-east',
  cdnName: 'cdn2',
  profile: 'MID_ATS',
});
const router = server({ id: 10, hostName: 'tr-01', type: 'CCR', cachegroup: 'mid-east', profile: 'CCR' });

const topology: AtsTopology = {
  cdn: pair.edge.cdn,
  servers: [router, otherCdn, mid2!, edge, mid1!],
  cachegroups: [
    pair.mid.cachegroup,
    pair.edge.cachegroup,
    { name: 'mid-west', type: 'MID_LOC', parentCachegroup: null, secondaryParentCachegroup: null },
  ],
  profileParams: new Map([
    ['EDGE_ATS', pair.edge.params],
    ['MID_ATS', profileParams('/var/cache/trafficserver')],
  ]),
  deliveryServices: [...pair.edge.deliveryServices, { ...pair.edge.deliveryServices[0]!, xmlId: 'unassigned' }],
  assignments: new Map([[edge.id, pair.edge.deliveryServices.map((ds) => ds.xmlId)]]),
  jobs: pair.edge.jobs,
  maxRevalDurationDays: 90,
  now: pair.edge.now,
  version: '0.1.0',
};

test('an EDGE context: its cache group, primary and secondary parents of its CDN (no routers), its assigned services', () => {
  expect(serverContext(topology, 'edge-01')).toEqual(pair.edge);
});

test('a MID context: its child edges, and the services assigned to them', () => {
  const ctx = serverContext(topology, 'mid-01');
  expect(ctx?.children.map((s) => s.hostName)).toEqual(['edge-01']);
  expect(ctx?.parents).toEqual([]);
  expect(ctx?.deliveryServices.map((ds) => ds.xmlId)).toEqual(pair.edge.deliveryServices.map((ds) => ds.xmlId));
  expect(serverContext(topology, 'mid-02')?.children.map((s) => s.hostName)).toEqual(['edge-01']);
  expect(serverContext(topology, 'edge-09')).toBeNull();
});

test('scoped files come from a server that installs them', () => {
  expect(scopedFile(topology, 'profiles', 'EDGE_ATS', 'records.config')).toBe(
    generateAtsFile(pair.edge, 'records.config'),
  );
  expect(scopedFile(topology, 'cdns', 'cdn1', 'hdr_rw_mid_video.config')).toBe(
    generateAtsFile(pair.mid, 'hdr_rw_mid_video.config'),
  );
  expect(scopedFile(topology, 'cdns', 'cdn1', 'hdr_rw_video.config')).toContain('set-header X-CDN cdn1');
  expect(scopedFile(topology, 'servers', 'edge-01', 'remap.config')).toBe(generateAtsFile(pair.edge, 'remap.config'));
  expect(scopedFile(topology, 'profiles', 'NOPE', 'records.config')).toBeNull();
  expect(scopedFile(topology, 'cdns', 'cdn2', 'regex_revalidate.config')).toBeNull();
  expect(scopedFile(topology, 'cdns', 'cdn1', 'hdr_rw_unassigned.config')).toBeNull();
});
