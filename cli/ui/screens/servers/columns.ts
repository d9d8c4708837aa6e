import type { Column } from '../../../output/table.js';
import { checkText } from '../../../../shared/rules/server-checks.js';
import type { ServerCheckRow, ServerRow } from '../../cache-actions.js';

/** A server with its check values joined in. */
export type ServerWithChecks = ServerRow & { checks: Record<string, number | null> };

export function withChecks(servers: ServerRow[], checks: ServerCheckRow[]): ServerWithChecks[] {
  const byId = new Map(checks.map((c) => [c.id, c.checks ?? {}]));
  return servers.map((s) => ({ ...s, checks: byId.get(s.id) ?? {} }));
}

const check = (s: ServerWithChecks, name: string) => checkText(name, s.checks[name]);

/** Most important first: the host and what it is doing stay at 80 columns; the checks give way first. */
export const SERVER_COLUMNS: Column<ServerWithChecks>[] = [
  { header: 'Host', value: (s) => s.hostName, minWidth: 12, priority: 1, ellipsis: 'middle' },
  { header: 'Type', value: (s) => s.type, priority: 5 },
  { header: 'Status', value: (s) => s.status, priority: 2 },
  { header: 'Cache group', value: (s) => s.cachegroup, priority: 6, ellipsis: 'middle' },
  { header: 'Upd', value: (s) => (s.updPending ? 'pending' : '-'), priority: 3 },
  { header: 'Reval', value: (s) => (s.revalPending ? 'pending' : '-'), priority: 4 },
  { header: 'Last check-in', value: (s) => s.lastCheckIn ?? 'never', priority: 8 },
  { header: 'HTTP', value: (s) => check(s, 'HTTP'), priority: 7 },
  { header: 'CKIN', value: (s) => check(s, 'CKIN'), align: 'right', priority: 10 },
  { header: 'UPD', value: (s) => check(s, 'UPD'), priority: 9 },
  // issue 35: the health monitors' judgement (`-` until one judged the cache); the first to give way.
  { header: 'Monitors', value: (s) => (s.isAvailable == null ? '-' : s.isAvailable ? 'up' : 'down'), priority: 11 },
];

export const STATUSES = ['ONLINE', 'REPORTED', 'ADMIN_DOWN', 'OFFLINE', 'PRE_PROD'] as const;
export const NEEDS_REASON = new Set(['ADMIN_DOWN', 'OFFLINE']);

export const matches = (s: ServerRow, filter: string) =>
  [s.hostName, s.status, s.cachegroup, s.type, s.cdnName].some((text) => text.toLowerCase().includes(filter));
