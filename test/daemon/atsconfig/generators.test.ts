import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { atsConfigFiles } from '../../../daemon/atsconfig/file-list.js';
import { generateAtsFile, generateAtsFiles } from '../../../daemon/atsconfig/generate.js';
import { renderHosting } from '../../../daemon/atsconfig/hosting.js';
import { renderIpAllow } from '../../../daemon/atsconfig/ip-allow.js';
import { renderParent } from '../../../daemon/atsconfig/parent.js';
import { renderPlugin } from '../../../daemon/atsconfig/plugin.js';
import { renderStorage } from '../../../daemon/atsconfig/storage.js';
import { renderVolume } from '../../../daemon/atsconfig/volume.js';
import { pairContexts, richPair, service } from './contexts.js';

const FIXTURES = join(import.meta.dirname, 'fixtures');
const pair = richPair();

describe.each(['edge', 'mid'] as const)('%s files match the hand-checked fixtures', (tier) => {
  const files = readdirSync(join(FIXTURES, tier)).sort();
  test('the server installs exactly the fixture files', () => {
    expect([...generateAtsFiles(pair[tier]).keys()].sort()).toEqual(files);
  });
  test.each(files)('%s', (file) => {
    expect(generateAtsFile(pair[tier], file)).toBe(readFileSync(join(FIXTURES, tier, file), 'utf8'));
  });
});

test("a file the server does not install is null (another service's header rewrite, an unknown name)", () => {
  expect(generateAtsFile(pair.edge, 'hdr_rw_demo.config')).toBeNull();
  expect(generateAtsFile(pair.mid, 'hdr_rw_video.config')).toBeNull();
  expect(generateAtsFile(pair.edge, 'toString')).toBeNull();
});

test('parents that are OFFLINE or ADMIN_DOWN are left out; with none left the edge goes direct', () => {
  const { edge } = pairContexts();
  const down = { ...edge, parents: edge.parents.map((p) => ({ ...p, status: 'OFFLINE' })), secondaryParents: [] };
  expect(renderParent(down)).toBe(
    '# DO NOT EDIT - parent.config generated for edge-01.cdn.test by cdnctl 0.1.0\ndest_domain=origin.test port=80 go_direct=true\n',
  );
});

test('an origin shield sends the edge to the shield; multi-site origin sends the MID to the origins', () => {
  const shielded = service({ originShield: 'shield.test:80|0.5', qstringIgnore: 1 });
  expect(renderParent({ ...pairContexts().edge, deliveryServices: [shielded] }).split('\n')[1]).toBe(
    'dest_domain=origin.test port=80 parent="shield.test:80|0.5" round_robin=consistent_hash go_direct=true qstring=ignore',
  );
  const origins = [
    { name: 'b', fqdn: 'b.origin.test', protocol: 'http', port: 8080, cachegroup: 'org-b' },
    { name: 'a', fqdn: 'a.origin.test', protocol: 'https', port: null, cachegroup: 'org-a' },
  ];
  const mso = service({ multiSiteOrigin: true, origins });
  expect(renderParent({ ...pairContexts().mid, deliveryServices: [mso] }).split('\n')[1]).toBe(
    'dest_domain=origin.test port=80 parent="a.origin.test:443|0.999;b.origin.test:8080|0.999" round_robin=consistent_hash go_direct=false parent_is_proxy=false qstring=consider',
  );
});

test('a RAM drive gets its own volume, and live services are hosted in it', () => {
  const base = pairContexts().edge;
  const params = [
    ...base.params,
    { name: 'RAM_Drive_Prefix', configFile: 'storage.config', value: '/dev/ram' },
    { name: 'RAM_Drive_Letters', configFile: 'storage.config', value: '0,1' },
  ].filter((p) => p.name !== 'Drive_Size');
  const ctx = {
    ...base,
    params,
    deliveryServices: [service({ type: 'HTTP_LIVE' }), service({ xmlId: 'vod', orgServerFqdn: 'http://vod.test' })],
  };
  const body = (text: string) => text.split('\n').slice(1).join('\n');
  expect(body(renderStorage(ctx))).toBe('/var/cache/trafficserver volume=1\n/dev/ram0 volume=2\n/dev/ram1 volume=2\n');
  expect(body(renderVolume(ctx))).toBe('volume=1 scheme=http size=50%\nvolume=2 scheme=http size=50%\n');
  expect(body(renderHosting(ctx))).toBe('hostname=origin.test volume=2\nhostname=* volume=1\n');
});

test('purge_allow_ip may use every method; a profile that names regex_revalidate.so keeps its own arguments', () => {
  const base = pairContexts().edge;
  const params = [
    ...base.params,
    { name: 'purge_allow_ip', configFile: 'ip_allow.config', value: '10.0.0.5, 10.0.0.6' },
    {
      name: 'regex_revalidate.so',
      configFile: 'plugin.config',
      value: '--config regex_revalidate.config --log reval.log',
    },
    { name: 'healthchecks.so', configFile: 'plugin.config', value: '/etc/trafficserver/healthchecks.config' },
  ];
  expect(renderIpAllow({ ...base, params })).toContain(
    '  - apply: in\n    ip_addrs: 10.0.0.6\n    action: allow\n  - apply: in\n    ip_addrs: 0/0\n    action: deny\n',
  );
  expect(
    renderPlugin({ ...base, params })
      .split('\n')
      .slice(1),
  ).toEqual([
    'healthchecks.so /etc/trafficserver/healthchecks.config',
    'regex_revalidate.so --config regex_revalidate.config --log reval.log',
    '',
  ]);
});

test('the file list names each file with its location, scope and URI, as GET servers/:host/configfiles/ats did', () => {
  const list = atsConfigFiles(pair.edge, '1.3', 'https://cdnctl.test/');
  expect(list.info).toEqual({
    cdnId: 1,
    cdnName: 'cdn1',
    profileId: 11,
    profileName: 'EDGE_ATS',
    serverId: 1,
    serverIpv4: '127.0.0.1',
    serverName: 'edge-01',
    serverTcpPort: 8080,
    toUrl: 'https://cdnctl.test/',
    toRevProxyUrl: '',
  });
  const byName = new Map(list.configFiles.map((f) => [f.fnameOnDisk, f]));
  expect([...byName.keys()]).toEqual([...generateAtsFiles(pair.edge).keys()].sort());
  expect(byName.get('remap.config')).toEqual({
    fnameOnDisk: 'remap.config',
    location: '/etc/trafficserver',
    scope: 'servers',
    apiUri: '/api/1.3/servers/edge-01/configfiles/ats/remap.config',
  });
  expect(byName.get('records.config')?.apiUri).toBe('/api/1.3/profiles/EDGE_ATS/configfiles/ats/records.config');
  expect(byName.get('regex_revalidate.config')?.apiUri).toBe(
    '/api/1.3/cdns/cdn1/configfiles/ats/regex_revalidate.config',
  );
  expect(byName.get('hdr_rw_video.config')).toMatchObject({ scope: 'cdns', location: '/etc/trafficserver' });
  expect(atsConfigFiles(pair.mid, '1.3', '').configFiles.find((f) => f.fnameOnDisk === 'cache.config')?.scope).toBe(
    'servers',
  );
  const moved = {
    ...pair.edge,
    params: [...pair.edge.params, { name: 'location', configFile: 'records.config', value: '/opt/ats/etc' }],
  };
  expect(atsConfigFiles(moved, '1.3', '').configFiles.find((f) => f.fnameOnDisk === 'records.config')?.location).toBe(
    '/opt/ats/etc',
  );
});
