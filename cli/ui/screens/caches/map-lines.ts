import type { CacheMap, MapCache } from '../../../../shared/contract/cache-map.js';
import {
  CACHE_HEALTHS,
  HEALTH_TEXT,
  checkInAge,
  healthCounts,
  type CacheHealth,
} from '../../../../shared/rules/cache-health.js';
import { flattenTree, jobProgressText, mapTree } from '../../../../shared/rules/cache-map-tree.js';
import { theme } from '../../theme.js';

/** One line of the map in the terminal: its text and colour. */
export interface MapLine {
  key: string;
  text: string;
  color?: string;
  bold?: boolean;
}

export const HEALTH_COLOR: Record<CacheHealth, string> = {
  down: theme.error,
  current: theme.success,
  pending: theme.accent,
  overdue: theme.warning,
  failing: theme.error,
};

const fit = (text: string, width: number) =>
  width <= 0 ? '' : text.length <= width ? text.padEnd(width) : `${text.slice(0, Math.max(0, width - 1))}…`;

const healthOf = (c: MapCache) =>
  (CACHE_HEALTHS as readonly string[]).includes(c.health) ? (c.health as CacheHealth) : 'failing';

function work(c: MapCache): string {
  const parts = [c.updPending ? 'update' : '', c.revalPending ? 'reval' : '', ...c.pendingJobs.map((j) => `job ${j}`)];
  const text = parts.filter(Boolean).join(' · ');
  return text || 'nothing pending';
}

/** A cache's line: marker, host, health, (status on wide terminals), check-in age, pending work. */
function cacheLine(c: MapCache, depth: number, width: number, now: number): MapLine {
  const indent = '  '.repeat(depth + 1);
  const mark = c.pendingJobs.length > 0 ? '◐ ' : '● ';
  const wide = width >= 120;
  const cols = [
    fit(c.hostName, wide ? 24 : 16),
    fit(HEALTH_TEXT[healthOf(c)], 16),
    ...(wide ? [fit(c.status, 11)] : []),
    fit(checkInAge(c.lastCheckIn, now), wide ? 14 : 11),
  ].join(' ');
  const head = `${indent}${mark}${cols} `;
  return {
    key: `c${c.id}`,
    text: head + fit(work(c), width - head.length).trimEnd(),
    color: HEALTH_COLOR[healthOf(c)],
  };
}

/** The map as lines: the health counts, the purges of the last day, then the tree (MID over EDGE). */
export function mapLines(map: CacheMap, width: number, now: number): MapLine[] {
  const counts = healthCounts(map.caches.map(healthOf));
  const lines: MapLine[] = [
    {
      key: 'counts',
      text: fit(
        `${counts.current} up to date · ${counts.pending} pending · ${counts.overdue} overdue · ${counts.failing} failing checks · ${counts.down} down (monitors)`,
        width,
      ).trimEnd(),
      bold: true,
    },
  ];
  for (const job of map.jobs)
    lines.push({
      key: `j${job.id}`,
      text: fit(
        `Job ${job.id} ${job.deliveryService} ${jobProgressText(job)}  ${job.assetUrl.replace(/^https?:\/\/[^/]+/, '')}`,
        width,
      ).trimEnd(),
      color: job.complete ? theme.success : theme.accent,
    });
  if (map.jobs.length === 0)
    lines.push({ key: 'nojobs', text: 'No purge in force from the last day.', color: theme.muted });
  for (const { node, depth } of flattenTree(mapTree(map))) {
    lines.push({
      key: `g${node.group.id}`,
      text: fit(`${'  '.repeat(depth)}▸ ${node.group.name} [${node.group.tier}]`, width).trimEnd(),
      bold: true,
    });
    for (const c of node.caches) lines.push(cacheLine(c, depth, width, now));
  }
  return lines;
}
