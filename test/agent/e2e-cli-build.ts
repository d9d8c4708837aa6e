import type { Cli } from '../helpers/cli.js';
import { ORT_PASSWORD } from './e2e-cdn.js';

/*
 * The steps of issues 30 and 31's "Done when" as a newcomer types them: a two-tier CDN built from nothing, then a
 * customer onboarded (tenant, user, delivery service with its origin and a profile, assigned to the EDGE), all
 * through the spawned `cdnctl`. The values are those of e2e-cdn.ts's snapshot, so ATS gets the same files.
 */

export const CUSTOMER = { username: 'acme-ops', password: 'AcmeP0rtalPassw0rd!' };

/** Runs one `cdnctl` step as the logged-in user; a non-zero exit fails with what it printed. */
export type Step = (args: string[], input?: string) => Promise<string>;

export function stepper(cli: Cli, server: string, log: string[]): Step {
  return async (args, input) => {
    const result = await cli.run(args, { input, env: { CDNCTL_SERVER: server }, timeoutMs: 20_000 });
    log.push(`$ cdnctl ${args.join(' ')}\n${result.stdout}${result.stderr}`);
    if (result.code !== 0) throw new Error(`cdnctl ${args.join(' ')} exited ${result.code}:\n${result.stderr}`);
    return result.stdout;
  };
}

/** The records.config values that keep each ATS small (e2e-cdn.ts's profile()), shared by both profiles. */
const RECORDS: Array<[string, string]> = [
  ['CONFIG proxy.config.url_remap.remap_required', 'INT 1'],
  ['CONFIG proxy.config.reverse_proxy.enabled', 'INT 1'],
  ['CONFIG proxy.config.http.cache.http', 'INT 1'],
  ['CONFIG proxy.config.http.insert_response_via_str', 'INT 2'],
  ['CONFIG proxy.config.exec_thread.autoconfig', 'INT 0'],
  ['CONFIG proxy.config.exec_thread.limit', 'INT 1'],
  ['CONFIG proxy.config.http.parent_proxy.retry_time', 'INT 5'],
];

async function param(step: Step, name: string, configFile: string, value: string): Promise<string> {
  const created = JSON.parse(
    await step(['params', 'create', '--name', name, '--config-file', configFile, '--value', value, '-o', 'json']),
  ) as { id: number };
  return String(created.id);
}

/** The CDN, its places, the MID cache group over the EDGE one. */
export async function buildTopology(step: Step): Promise<void> {
  await step(['cdns', 'create', '--name', 'cdn1', '--domain', 'cdn.test']);
  await step(['locations', 'divisions', 'create', '--name', 'east']);
  await step(['locations', 'regions', 'create', '--name', 'east-1', '--division', 'east']);
  await step([
    'locations',
    'phys-locations',
    'create',
    ...['--name', 'chicago-1', '--short-name', 'chi1', '--region', 'east-1'],
    ...['--address', '1 Main St', '--city', 'Chicago', '--state', 'IL', '--zip', '60601'],
  ]);
  const at = ['--latitude', '41', '--longitude', '-87'];
  await step(['cachegroups', 'create', '--name', 'mid-east', '--short-name', 'mide', '--type', 'MID_LOC', ...at]);
  await step([
    'cachegroups',
    'create',
    ...['--name', 'edge-east', '--short-name', 'edgee', '--type', 'EDGE_LOC', '--parent', 'mid-east', ...at],
  ]);
}

/** MID_ATS and EDGE_ATS with the shared records.config values and each tier's own cache directory. */
export async function buildProfiles(step: Step, roots: { mid: string; edge: string }): Promise<void> {
  const profiles = { mid: 'MID_ATS', edge: 'EDGE_ATS' } as const;
  for (const tier of ['mid', 'edge'] as const) {
    const name = profiles[tier];
    await step([
      'profiles',
      'create',
      '--name',
      name,
      '--description',
      `${name} caches`,
      '--cdn',
      'cdn1',
      '--type',
      'ATS_PROFILE',
    ]);
  }
  const shared = [
    ...RECORDS.map(([name, value]) => [name, 'records.config', value] as const),
    ['Drive_Letters', 'storage.config', 'cache'] as const,
    ['Drive_Size', 'storage.config', '64M'] as const,
  ];
  for (const [name, configFile, value] of shared) {
    const id = await param(step, name, configFile, value);
    for (const profile of Object.values(profiles)) await step(['params', 'link', id, profile]);
  }
  for (const tier of ['mid', 'edge'] as const)
    await step([
      'params',
      'link',
      await param(step, 'Drive_Prefix', 'storage.config', `${roots[tier]}/`),
      profiles[tier],
    ]);
}

/** mid-01 and edge-01 on the ports their ATS listens on, each with its ORT login as its agent. */
export async function buildServers(step: Step, ports: { mid: number; edge: number }): Promise<void> {
  const tiers = [
    ['mid', 'mid-01', 'mid-east', 'MID_ATS', 'MID'],
    ['edge', 'edge-01', 'edge-east', 'EDGE_ATS', 'EDGE'],
  ] as const;
  for (const [tier, host, cachegroup, profile, type] of tiers) {
    await step([
      'servers',
      'create',
      host,
      ...['--domain', 'cdn.test', '--cachegroup', cachegroup, '--cdn', 'cdn1', '--profile', profile],
      ...['--type', type, '--status', 'REPORTED', '--ip', '127.0.0.1', '--tcp-port', String(ports[tier])],
      ...['--phys-location', 'chicago-1'],
    ]);
    const user = `ort-${host}`;
    await step(
      [
        'users',
        'create',
        ...['--username', user, '--email', `${user}@example.test`, '--full-name', user, '--role', 'ort'],
        '--password-stdin',
      ],
      ORT_PASSWORD,
    );
    await step(['servers', 'agents', host, '--set', user]);
  }
}

/** The customer: tenant acme, its user, the delivery service `demo` on the origin with a profile, on edge-01. */
export async function onboardCustomer(step: Step, originPort: number): Promise<void> {
  await step(['tenants', 'create', '--name', 'acme', '--parent', 'root']);
  await step(
    [
      'users',
      'create',
      ...['--username', CUSTOMER.username, '--email', 'ops@acme.test', '--full-name', 'Acme ops'],
      ...['--role', 'portal', '--tenant', 'acme', '--password-stdin'],
    ],
    CUSTOMER.password,
  );
  await step([
    'profiles',
    'create',
    ...['--name', 'DEMO_DS', '--description', 'the demo delivery service', '--cdn', 'cdn1', '--type', 'DS_PROFILE'],
  ]);
  await step([
    'ds',
    'create',
    ...['--xml-id', 'demo', '--display-name', 'Demo', '--cdn', 'cdn1', '--type', 'HTTP', '--tenant', 'acme'],
    ...['--origin', `http://origin.test:${originPort}`, '--protocol', 'http', '--profile', 'DEMO_DS', '--active'],
  ]);
  await step(['servers', 'assign', 'edge-01', '--ds', 'demo']);
}
