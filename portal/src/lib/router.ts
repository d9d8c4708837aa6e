/** The screens of the portal, each at its own path (the daemon answers any app path with index.html). */
export type Route =
  | { name: 'home' }
  | { name: 'deliveryServices' }
  | { name: 'purge'; dsId: string }
  | { name: 'jobs' }
  | { name: 'origins' }
  | { name: 'users' }
  | { name: 'federations' }
  | { name: 'federation'; id: number }
  | { name: 'profiles' }
  | { name: 'profile'; id: number }
  | { name: 'me' }
  | { name: 'changeLog' }
  | { name: 'notFound'; path: string };

export const NAV_LINKS: ReadonlyArray<{ label: string; path: string }> = [
  { label: 'Delivery services', path: '/delivery-services' },
  { label: 'Purge', path: '/purge' },
  { label: 'Jobs', path: '/jobs' },
  { label: 'Origins', path: '/origins' },
  { label: 'Users', path: '/users' },
  { label: 'Federations', path: '/federations' },
  { label: 'Profiles', path: '/profiles' },
  { label: 'Change log', path: '/change-log' },
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
  'change-log': { name: 'changeLog' },
};

/**
 * The route of a path with its query: `/federations/3` and `/profiles/7` carry an id, `/purge?ds=2` the delivery
 * service to preselect.
 */
export function parseRoute(location: string): Route {
  const [pathname, search = ''] = location.split('?', 2);
  const parts = pathname.split('/').filter(Boolean);
  if (parts.length === 1 && parts[0] === 'purge') return { name: 'purge', dsId: new URLSearchParams(search).get('ds') ?? '' };
  if (parts.length <= 1) return SIMPLE[parts[0] ?? ''] ?? { name: 'notFound', path: pathname };
  if (parts.length === 2 && /^\d+$/.test(parts[1])) {
    const id = Number(parts[1]);
    if (parts[0] === 'federations') return { name: 'federation', id };
    if (parts[0] === 'profiles') return { name: 'profile', id };
  }
  return { name: 'notFound', path: pathname };
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
