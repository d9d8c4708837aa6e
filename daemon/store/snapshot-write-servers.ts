import { SERVER_EXTRA_FIELDS, extraColumn, type ServerExtras } from './server-rows.js';

export const SERVER_COLUMNS = [
  'host_name',
  'domain_name',
  'tcp_port',
  'https_port',
  'interface_name',
  'interface_mtu',
  'ip_address',
  'ip_netmask',
  'ip_gateway',
  'ip6_address',
  'ip6_gateway',
  'type_id',
  'status',
  'offline_reason',
  'cachegroup_id',
  'cdn_id',
  'profile_id',
  'phys_location_id',
  ...SERVER_EXTRA_FIELDS.map(extraColumn),
];

/** The extra 1.x fields of a snapshot server as column values (issue 30). */
export function extraValues(s: ServerExtras): Record<string, string | null> {
  return Object.fromEntries(SERVER_EXTRA_FIELDS.map((f) => [extraColumn(f), s[f]]));
}

/** The select list that reads the extra fields back under their field names (`quote` for PostgreSQL). */
export function extraSelect(quote: boolean): string {
  return SERVER_EXTRA_FIELDS.map((f) => `s.${extraColumn(f)} AS ${quote ? `"${f}"` : f}`).join(', ');
}
