import type { Column } from '../../../output/table.js';
import type { ServerCheckRow, ServerRow } from '../../cache-actions.js';

/** A server with its check values joined in. */
export type ServerWithChecks = ServerRow & { checks: Record<string, number | null> };

export function withChecks(servers: ServerRow[], checks: ServerCheckRow[]): ServerWithChecks[] {
  const byId = new Map(checks.map((c) => [c.id, c.checks ?? {}]));
  return servers.map((s) => ({ ...s, checks: byId.get(s.id) ?? {} }));
}

const check = (s: ServerWithChecks, name: string) => {
  const v = s.checks[name];
  return v === undefined || v === null ? '-' : String(v);
};

export const SERVER_COLUMNS: Column<ServerWithChecks>[] = [
  { header: 'Host', value: (s) => s.hostName, minWidth: 6 },
  { header: 'Type', value: (s) => s.type, minWidth: 4 },
  { header: 'Status', value: (s) => s.status, minWidth: 6 },
  { header: 'Cache group', value: (s) => s.cachegroup, minWidth: 6 },
  { header: 'Upd', value: (s) => (s.updPending ? 'pending' : '-'), minWidth: 3 },
  { header: 'Reval', value: (s) => (s.revalPending ? 'pending' : '-'), minWidth: 3 },
  { header: 'Last check-in', value: (s) => s.lastCheckIn ?? 'never', minWidth: 8 },
  { header: 'HTTP', value: (s) => check(s, 'HTTP'), align: 'right', minWidth: 4 },
  { header: 'CKIN', value: (s) => check(s, 'CKIN'), align: 'right', minWidth: 4 },
  { header: 'UPD', value: (s) => check(s, 'UPD'), align: 'right', minWidth: 3 },
];

export const STATUSES = ['ONLINE', 'REPORTED', 'ADMIN_DOWN', 'OFFLINE', 'PRE_PROD'] as const;
export const NEEDS_REASON = new Set(['ADMIN_DOWN', 'OFFLINE']);

export const matches = (s: ServerRow, filter: string) =>
  [s.hostName, s.status, s.cachegroup, s.type, s.cdnName].some((text) => text.toLowerCase().includes(filter));
