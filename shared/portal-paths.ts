/**
 * The first path segments the portal's screens live under (portal/src/lib/router.ts), and `/` itself: the daemon
 * answers these with the portal's index.html and every other unknown path with a JSON 404 (issue 34), so a
 * client that expects JSON never decodes a page. A new portal section adds its segment here.
 */
export const PORTAL_SECTIONS: ReadonlySet<string> = new Set([
  'delivery-services',
  'purge',
  'jobs',
  'origins',
  'users',
  'federations',
  'profiles',
  'me',
  'keys',
  'servers',
  'change-log',
  'topology',
  'tenants',
  'parameters',
  'map',
]);
