/**
 * The screens of the portal, each at its own path (the daemon answers any app path with index.html).
 * A new page: a member here, its path in SIMPLE (or a case in parseRoute when it carries an id), a NAV_LINKS entry
 * when it is a section, and a case in screens/ScreenFor.tsx. A list on it: screens use grid/DataGrid.
 */
export type Route =
  | { name: 'home' }
  | { name: 'deliveryServices' }
  | { name: 'deliveryService'; key: string }
  | { name: 'purge'; dsId: string }
  | { name: 'jobs' }
  | { name: 'origins' }
  | { name: 'users' }
  | { name: 'federations' }
  | { name: 'federation'; id: number }
  | { name: 'profiles' }
  | { name: 'profile'; id: number }
  | { name: 'me' }
  | { name: 'keys' }
  | { name: 'dsKeys'; xmlId: string }
  | { name: 'servers' }
  | { name: 'changeLog' }
  | { name: 'notFound'; path: string }
  | { name: 'topology' }
  | { name: 'dsNew' }
  | { name: 'dsEdit'; key: string }
  | { name: 'tenants' }
  | { name: 'parameters' }
  | { name: 'cdnMap' };

export const NAV_LINKS: ReadonlyArray<{ label: string; path: string }> = [
  { label: 'Delivery services', path: '/delivery-services' },
  { label: 'Purge', path: '/purge' },
  { label: 'Jobs', path: '/jobs' },
  { label: 'Origins', path: '/origins' },
  { label: 'Users', path: '/users' },
  { label: 'Federations', path: '/federations' },
  { label: 'Profiles', path: '/profiles' },
  { label: 'Servers', path: '/servers' },
  { label: 'Change log', path: '/change-log' },
  { label: 'Topology', path: '/topology' },
  { label: 'Tenants', path: '/tenants' },
  { label: 'Parameters', path: '/parameters' },
  { label: 'CDN map', path: '/map' },
];

const SIMPLE: Record<string, Route> = {
  '': { name: 'home' },
  'delivery-services': { name: 'deliveryServices' },
  jobs: { name: 'jobs' },
  origins: { name: 'origins' },
  users: { name: 'users' },
  federations: { name: 'federations' },
  profiles: { name: 'profiles' },
  me: { name: 'me' },
  keys: { name: 'keys' },
  servers: { name: 'servers' },
  'change-log': { name: 'changeLog' },
  topology: { name: 'topology' },
  tenants: { name: 'tenants' },
  parameters: { name: 'parameters' },
  map: { name: 'cdnMap' },
};

/**
 * The route of a path with its query: `/federations/3` and `/profiles/7` carry an id, `/delivery-services/ds1` an
 * id or xmlId, `/purge?ds=2` the delivery service to preselect. Other query parameters belong to the screen (a
 * grid keeps its view there).
 */
export function parseRoute(location: string): Route {
  const [pathname, search = ''] = location.split('?', 2);
  const parts = pathname.split('/').filter(Boolean);
  if (parts.length === 1 && parts[0] === 'purge')
    return { name: 'purge', dsId: new URLSearchParams(search).get('ds') ?? '' };
  if (parts.length <= 1) return SIMPLE[parts[0] ?? ''] ?? { name: 'notFound', path: pathname };
  if (parts.length === 2 && parts[0] === 'keys') return { name: 'dsKeys', xmlId: decodeURIComponent(parts[1]) };
  if (parts.length === 2 && parts[0] === 'delivery-services' && parts[1] === 'new') return { name: 'dsNew' };
  if (parts.length === 2 && parts[0] === 'delivery-services')
    return { name: 'deliveryService', key: safeDecode(parts[1]) };
  if (parts.length === 2 && /^\d+$/.test(parts[1])) {
    const id = Number(parts[1]);
    if (parts[0] === 'federations') return { name: 'federation', id };
    if (parts[0] === 'profiles') return { name: 'profile', id };
  }
  if (parts.length === 3 && parts[0] === 'delivery-services' && parts[2] === 'edit')
    return { name: 'dsEdit', key: safeDecode(parts[1]) };
  return { name: 'notFound', path: pathname };
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** The nav link a route belongs to, for highlighting: `/federations/3` belongs to Federations. */
export function sectionOf(location: string): string {
  return `/${location.split('?')[0].split('/').filter(Boolean)[0] ?? ''}`;
}

/**
 * The login token of a mailed link: `?token=` on the page, or Traffic Portal's `#!/user?token=` that the
 * registration and reset mails use.
 */
export function tokenFromLocation(location: { search: string; hash: string }): string | null {
  const fromSearch = new URLSearchParams(location.search).get('token');
  if (fromSearch) return fromSearch;
  const hash = location.hash.replace(/^#!?/, '');
  const query = hash.indexOf('?');
  if (query < 0) return null;
  return new URLSearchParams(hash.slice(query + 1)).get('token') || null;
}
