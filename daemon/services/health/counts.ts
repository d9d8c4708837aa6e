import type { Server } from '../../store/server-rows.js';

export interface GroupCount {
  offline: number;
  online: number;
  name: string;
}

/** Caches online and offline per cache group (by name), and the totals: the shape of Traffic Ops' health reads. */
export function countByCachegroup(
  caches: Server[],
  isOnline: (s: Server) => boolean,
): { totalOffline: number; totalOnline: number; cachegroups: GroupCount[] } {
  const groups = new Map<string, GroupCount>();
  for (const s of caches) {
    const group = groups.get(s.cachegroup) ?? { offline: 0, online: 0, name: s.cachegroup };
    if (isOnline(s)) group.online++;
    else group.offline++;
    groups.set(s.cachegroup, group);
  }
  const cachegroups = [...groups.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return {
    totalOffline: cachegroups.reduce((n, g) => n + g.offline, 0),
    totalOnline: cachegroups.reduce((n, g) => n + g.online, 0),
    cachegroups,
  };
}
