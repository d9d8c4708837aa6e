// The CDN of issue 32, finding 0, as a snapshot document (loaded through the product's own importer): 2 CDNs,
// 3,000 caches in 300 cache groups, 2,000 delivery services, every EDGE assigned 200 of its CDN's, profiles of
// 40 parameters. Per CDN: 10 MID groups of 10 MIDs, 140 EDGE groups of 10 EDGEs, each EDGE group under one MID
// group (parent) and the next (secondary parent): 1,400 EDGEs × 200 = 280,000 assignments a CDN.

export const CONFIGGEN = {
  cdns: 2,
  servicesPerCdn: 1000,
  midGroupsPerCdn: 10,
  edgeGroupsPerCdn: 140,
  cachesPerGroup: 10,
  servicesPerEdge: 200,
  paramsPerProfile: 40,
};

const pad = (n, width) => String(n).padStart(width, '0');
const cdnName = (c) => `gen-cdn${c}`;
export const dsName = (c, d) => `gen${c}-ds${pad(d, 4)}`;
const midGroup = (c, g) => `gen${c}-mid-cg${pad(g, 2)}`;
const edgeGroup = (c, g) => `gen${c}-edge-cg${pad(g, 3)}`;
export const midHost = (c, g, i) => `gen${c}-mid${pad(g, 2)}-${pad(i, 2)}`;
export const edgeHost = (c, g, i) => `gen${c}-edge${pad(g, 3)}-${pad(i, 2)}`;

/** A delivery service; some carry header rewrites, a regex_remap, a dropped query string or background fetch. */
function service(c, d) {
  const xmlId = dsName(c, d);
  return {
    xmlId,
    displayName: `Generated ${xmlId}`,
    longDesc: `generated delivery service ${xmlId}`,
    active: true,
    cdnName: cdnName(c),
    type: 'HTTP',
    tenant: 'root',
    protocol: '0',
    routingName: 'cdn',
    orgServerFqdn: `http://origin-${d}.gen${c}.bench.test${d % 3 === 0 ? ':8080' : ''}`,
    qstringIgnore: d % 50 === 0 ? '2' : d % 7 === 0 ? '1' : '0',
    rangeRequestHandling: d % 60 === 0 ? '1' : '0',
    geoLimit: '0',
    geoProvider: '0',
    dscp: '0',
    initialDispersion: '1',
    ipv6RoutingEnabled: false,
    logsEnabled: false,
    multiSiteOrigin: false,
    regionalGeoBlocking: false,
    signed: false,
    deepCachingType: 'NEVER',
    ...(d % 4 === 0 ? { edgeHeaderRewrite: `set-header X-DS ${xmlId} [L]__RETURN__rm-header X-Powered-By [L]` } : {}),
    ...(d % 11 === 0 ? { midHeaderRewrite: `set-header X-Mid ${xmlId} [L]` } : {}),
    ...(d % 40 === 0 ? { regexRemap: `^/old/(.*) http://origin-${d}.gen${c}.bench.test/new/$1` } : {}),
    users: [],
  };
}

/** A profile of CONFIGGEN.paramsPerProfile parameters: records.config settings, storage, plugins, locations. */
function profile(c, kind) {
  const params = [
    { name: 'location', configFile: 'remap.config', value: '/etc/trafficserver' },
    { name: 'location', configFile: 'parent.config', value: '/etc/trafficserver' },
    { name: 'Drive_Prefix', configFile: 'storage.config', value: '/var/cache/trafficserver' },
    { name: 'Drive_Letters', configFile: 'storage.config', value: '0' },
    { name: 'RAM_Drive_Prefix', configFile: 'storage.config', value: '/dev/ram' },
    { name: 'RAM_Drive_Letters', configFile: 'storage.config', value: '0,1' },
    { name: 'header_rewrite.so', configFile: 'plugin.config', value: '' },
    { name: 'purge_allow_ip', configFile: 'ip_allow.config', value: '10.0.0.1' },
  ];
  for (let i = params.length; i < CONFIGGEN.paramsPerProfile; i++)
    params.push({
      name: `CONFIG proxy.config.bench.setting_${pad(i, 2)}`,
      configFile: 'records.config',
      value: `INT ${i}`,
    });
  return {
    name: `GEN${c}_${kind}`,
    description: `generated ${kind} profile`,
    type: 'ATS_PROFILE',
    cdnName: cdnName(c),
    params,
  };
}

function cachegroups(c) {
  const groups = [];
  for (let g = 1; g <= CONFIGGEN.midGroupsPerCdn; g++)
    groups.push({ name: midGroup(c, g), shortName: `g${c}m${g}`, type: 'MID_LOC' });
  for (let g = 1; g <= CONFIGGEN.edgeGroupsPerCdn; g++) {
    const parent = 1 + (g % CONFIGGEN.midGroupsPerCdn);
    groups.push({
      name: edgeGroup(c, g),
      shortName: `g${c}e${g}`,
      type: 'EDGE_LOC',
      parentCachegroup: midGroup(c, parent),
      secondaryParentCachegroup: midGroup(c, 1 + (parent % CONFIGGEN.midGroupsPerCdn)),
    });
  }
  return groups;
}

/** The 200 services of an EDGE group: a window of the CDN's services, moved along group by group. */
function edgeServices(c, g) {
  const list = [];
  const start = (g * 37) % CONFIGGEN.servicesPerCdn;
  for (let k = 0; k < CONFIGGEN.servicesPerEdge; k++)
    list.push(dsName(c, 1 + ((start + k) % CONFIGGEN.servicesPerCdn)));
  return list;
}

function server(c, host, n, group, kind, deliveryServices) {
  return {
    hostName: host,
    domainName: `gen${c}.bench.test`,
    ipAddress: `10.${c}.${Math.floor(n / 250)}.${1 + (n % 250)}`,
    type: kind,
    status: n % 17 === 0 ? 'REPORTED' : 'ONLINE',
    cachegroup: group,
    cdnName: cdnName(c),
    profile: `GEN${c}_${kind}`,
    deliveryServices,
  };
}

function servers(c) {
  const list = [];
  let n = 0;
  for (let g = 1; g <= CONFIGGEN.midGroupsPerCdn; g++)
    for (let i = 1; i <= CONFIGGEN.cachesPerGroup; i++)
      list.push(server(c, midHost(c, g, i), n++, midGroup(c, g), 'MID', []));
  for (let g = 1; g <= CONFIGGEN.edgeGroupsPerCdn; g++) {
    const services = edgeServices(c, g);
    for (let i = 1; i <= CONFIGGEN.cachesPerGroup; i++)
      list.push(server(c, edgeHost(c, g, i), n++, edgeGroup(c, g), 'EDGE', services));
  }
  return list;
}

/** The whole document. */
export function configgenDataSet() {
  const doc = { cdns: [], cachegroups: [], profiles: [], deliveryServices: [], servers: [] };
  for (let c = 1; c <= CONFIGGEN.cdns; c++) {
    doc.cdns.push({ name: cdnName(c), domainName: `gen${c}.bench.test`, dnssecEnabled: false });
    doc.cachegroups.push(...cachegroups(c));
    doc.profiles.push(profile(c, 'EDGE'), profile(c, 'MID'));
    for (let d = 1; d <= CONFIGGEN.servicesPerCdn; d++) doc.deliveryServices.push(service(c, d));
    doc.servers.push(...servers(c));
  }
  return doc;
}
