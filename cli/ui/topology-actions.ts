// The CDNs and cache-groups screens' requests (issue 30), over one authenticated client.
import type { HttpClient } from '../../shared/client/http.js';
import { createCdn, deleteCdn, listCdns, updateCdn, type Cdn, type CdnBody } from '../../shared/client/cdns.js';
import {
  createCachegroup,
  deleteCachegroup,
  updateCachegroup,
  type CachegroupBody,
} from '../../shared/client/cachegroups.js';
import { listCachegroups, type Cachegroup } from '../../shared/client/servers.js';
import { listPlaces, type TypeInfo } from '../../shared/client/places.js';
import type { RecordActions } from './screens/topology/RecordScreen.js';
import type { CachegroupChoices } from './screens/topology/specs.js';
import type { SnapshotActions } from './screens/topology/SnapshotView.js';
import { getSnapshotDiff, publishSnapshot } from '../../shared/client/crconfig.js';

export interface TopologyActions {
  cdns: RecordActions<Cdn, CdnBody, undefined>;
  cachegroups: RecordActions<Cachegroup, CachegroupBody, CachegroupChoices>;
  /** A CDN's snapshot (issue 35): optional, so sessions built before it still type-check. */
  snapshots?: SnapshotActions;
}

const removed = (result: { alerts?: Array<{ level: string; text: string }> }) => ({ alerts: result.alerts ?? [] });

export function clientTopologyActions(http: HttpClient): TopologyActions {
  return {
    cdns: {
      list: async () => (await listCdns(http)).response,
      create: async (body) => (await createCdn(http, body)).response,
      update: async (id, body) => (await updateCdn(http, id, body)).response,
      remove: async (id) => removed(await deleteCdn(http, id)),
    },
    snapshots: {
      diff: async (cdn) => (await getSnapshotDiff(http, cdn)).response,
      publish: async (cdn) => (await publishSnapshot(http, cdn)).response,
    },
    cachegroups: {
      list: async () => (await listCachegroups(http)).response,
      create: async (body) => (await createCachegroup(http, body)).response,
      update: async (id, body) => (await updateCachegroup(http, id, body)).response,
      remove: async (id) => removed(await deleteCachegroup(http, id)),
      choices: async () => {
        const [types, groups] = await Promise.all([
          listPlaces<TypeInfo>(http, 'types', { useInTable: 'cachegroup' }),
          listCachegroups(http),
        ]);
        return {
          types: types.response.map((t) => ({ value: String(t.id), label: t.name })),
          groups: groups.response.map((g) => ({ value: String(g.id), label: g.name })),
        };
      },
    },
  };
}
