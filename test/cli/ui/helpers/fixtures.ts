// Small records with the API's field names, for the screens' tests.
import type {
  DeliveryService,
  Federation,
  FederationUser,
  Job,
  Origin,
  Profile,
  User,
} from '../../../../cli/ui/types.js';

export const deliveryServices: DeliveryService[] = [
  {
    id: '1',
    xmlId: 'ds1',
    displayName: 'DS One',
    cdnName: 'cdn1',
    tenant: 'root',
    orgServerFqdn: 'http://ds1-origin.example.test',
    active: true,
  },
  {
    id: '2',
    xmlId: 'ds2',
    displayName: 'DS Two',
    cdnName: 'cdn1',
    tenant: 'root',
    orgServerFqdn: 'https://ds2-origin.example.test:8443',
    active: true,
  },
  {
    id: '3',
    xmlId: 'images-eu',
    displayName: 'Images Europe',
    cdnName: 'cdn1',
    tenant: 'tenant-a',
    orgServerFqdn: null,
    active: false,
  },
];

export function origin(overrides: Partial<Origin> & { id: number; name: string }): Origin {
  return {
    fqdn: `${overrides.name}.example.test`,
    protocol: 'http',
    isPrimary: false,
    port: null,
    ipAddress: null,
    ip6Address: null,
    cachegroup: null,
    cachegroupId: null,
    coordinate: null,
    coordinateId: null,
    deliveryService: 'ds1',
    deliveryServiceId: 1,
    profile: null,
    profileId: null,
    tenant: 'root',
    tenantId: 1,
    lastUpdated: '2026-01-02 03:04:05+00',
    ...overrides,
  };
}

export const origins: Origin[] = [
  origin({ id: 1, name: 'ds1', fqdn: 'ds1-origin.example.test', isPrimary: true }),
  origin({ id: 2, name: 'media-2', fqdn: 'media2.example.test', port: 8080, cachegroup: 'org-cg1', cachegroupId: 4 }),
  origin({
    id: 3,
    name: 'ds2',
    fqdn: 'ds2-origin.example.test',
    protocol: 'https',
    port: 8443,
    isPrimary: true,
    deliveryService: 'ds2',
    deliveryServiceId: 2,
  }),
];

export function job(overrides: Partial<Job> & { id: string }): Job {
  return {
    assetUrl: 'http://ds1-origin.example.test/images/.*',
    dsId: '1',
    dsXmlId: 'ds1',
    keyword: 'PURGE',
    parameters: 'TTL:24h',
    startTime: '2026-03-01 10:00:00',
    enteredTime: '2026-03-01 10:00:00',
    status: 'PENDING',
    username: 'admin',
    ...overrides,
  };
}

export const users: User[] = [
  {
    id: '1',
    username: 'admin',
    fullName: 'Admin User',
    email: 'admin@example.test',
    roleName: 'admin',
    tenant: 'root',
    company: 'Example',
  },
  {
    id: '2',
    username: 'ro_user',
    fullName: 'Read Only',
    email: 'ro@example.test',
    roleName: 'read-only',
    tenant: 'root',
  },
  {
    id: '3',
    username: 'ops_user',
    fullName: 'Ops Person',
    email: 'ops@example.test',
    roleName: 'operations',
    tenant: 'root',
  },
  {
    id: '4',
    username: 'tenanta_user',
    fullName: 'Tenant A',
    email: 'a@example.test',
    roleName: 'operations',
    tenant: 'tenant-a',
  },
];

export const federations: Federation[] = [
  { id: 1, cname: 'fed1.example.test.', ttl: 60, description: 'federation one', deliveryServices: ['ds1'] },
  { id: 2, cname: 'fed2.example.test.', ttl: 120, description: 'federation two', deliveryServices: [] },
];

export const federationUsers: FederationUser[] = [
  { id: 3, username: 'ops_user', fullName: 'Ops Person', email: 'ops@example.test', company: '', role: 'operations' },
];

export const profiles: Profile[] = [
  { id: '1', name: 'GLOBAL', description: 'Global Traffic Ops profile', lastUpdated: '2026-01-01 00:00:00' },
  { id: '2', name: 'EDGE1', description: 'Edge caches of cdn1', lastUpdated: '2026-01-01 00:00:00' },
];

/** A promise that stays pending until `resolve` is called, to see what a screen shows while it waits. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (err: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
