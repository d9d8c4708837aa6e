/*
 * The CDN of the monitor test (issue 35): cdn1 with one EDGE cache group holding a real ATS (edge-a, REPORTED)
 * and stand-in caches (ADMIN_DOWN, ONLINE, OFFLINE, and a REPORTED one whose load breaks the threshold), three
 * RASCAL monitors on loopback ports, and the `monitor` user (operations) they log in as.
 */

export const MONITOR_PASSWORD = 'M0nitorPassw0rd!';

export interface MonitorPorts {
  edgeA: number;
  admin: number;
  online: number;
  offline: number;
  hot: number;
  monitors: Record<'mon-01' | 'mon-02' | 'mon-03', number>;
}

const param = (name: string, configFile: string, value: string) => ({ name, configFile, value });

export function monitorSnapshot(ports: MonitorPorts) {
  const server = (hostName: string, status: string, tcpPort: number, type = 'EDGE') => ({
    hostName,
    domainName: 'cdn.test',
    ipAddress: '127.0.0.1',
    tcpPort,
    type,
    status,
    ...(status === 'OFFLINE' || status === 'ADMIN_DOWN' ? { offlineReason: 'test' } : {}),
    cachegroup: type === 'RASCAL' ? 'mon-cg' : 'edge-east',
    cdnName: 'cdn1',
    profile: type === 'RASCAL' ? 'RASCAL_CDN1' : 'EDGE_ATS',
  });
  return {
    types: [{ name: 'RASCAL', description: 'health monitor', useInTable: 'server' }],
    cdns: [{ name: 'cdn1', domainName: 'cdn.test', dnssecEnabled: false }],
    coordinates: [{ name: 'coord1', latitude: 41.0, longitude: -87.0 }],
    cachegroups: [
      { name: 'edge-east', shortName: 'edgee', type: 'EDGE_LOC', coordinate: 'coord1' },
      { name: 'mon-cg', shortName: 'mon', type: 'TC_LOC', coordinate: 'coord1' },
    ],
    profiles: [
      {
        name: 'EDGE_ATS',
        description: 'edges',
        type: 'ATS_PROFILE',
        cdnName: 'cdn1',
        params: [
          param('stats_over_http.so', 'plugin.config', '_stats'),
          param('health.polling.url', 'rascal.properties', 'http://${hostname}/_stats'),
          param('health.connection.timeout', 'rascal.properties', '1000'),
          param('health.threshold.loadavg', 'rascal.properties', '25.0'),
        ],
      },
      {
        name: 'RASCAL_CDN1',
        description: 'monitors',
        type: 'TM_PROFILE',
        cdnName: 'cdn1',
        params: [param('health.polling.interval', 'rascal-config.txt', '300')],
      },
    ],
    users: [
      {
        username: 'monitor',
        email: 'monitor@example.test',
        fullName: 'monitor',
        role: 'operations',
        tenant: 'root',
        localPassword: MONITOR_PASSWORD,
      },
    ],
    servers: [
      server('edge-a', 'REPORTED', ports.edgeA),
      server('edge-admin', 'ADMIN_DOWN', ports.admin),
      server('edge-online', 'ONLINE', ports.online),
      server('edge-offline', 'OFFLINE', ports.offline),
      server('edge-hot', 'REPORTED', ports.hot),
      ...(['mon-01', 'mon-02', 'mon-03'] as const).map((m) => server(m, 'ONLINE', ports.monitors[m], 'RASCAL')),
    ],
  };
}
