import {
  deleteCachegroup,
  listCachegroups,
  listCdns,
  listDivisions,
  listFullServers,
  listPhysLocations,
  listRegions,
  listTypes,
  type CachegroupRecord,
} from '../api/topology';
import { AlertList } from '../components/AlertList';
import { ConfirmByName } from '../components/ConfirmByName';
import { LoadState } from '../components/LoadState';
import { PageHeader } from '../components/PageHeader';
import { useResource } from '../hooks/useResource';
import { useWrites } from '../hooks/useWrites';
import { buildCachegroupTree } from '../lib/cachegroup-tree';
import { CachegroupForm } from './topology/CachegroupForm';
import { CachegroupTree } from './topology/CachegroupTree';
import { CdnSection } from './topology/CdnSection';
import { LIST, type PlaceRow, type TopologyWrites } from './topology/modes';
import { PlacesSection, type Places } from './topology/PlacesSection';

/** Everything the page lists, loaded together and reloaded after each write. */
function useTopologyData() {
  const cdns = useResource(listCdns);
  const groups = useResource(listCachegroups);
  const servers = useResource(listFullServers);
  const types = useResource(() => listTypes('cachegroup'));
  const divisions = useResource(listDivisions);
  const regions = useResource(listRegions);
  const physLocations = useResource(listPhysLocations);
  const reload = () => {
    for (const r of [cdns, groups, servers, divisions, regions, physLocations]) r.reload();
  };
  const places: Places = {
    division: (divisions.data ?? []) as PlaceRow[],
    region: (regions.data ?? []) as unknown as PlaceRow[],
    physLocation: (physLocations.data ?? []) as unknown as PlaceRow[],
  };
  return { cdns, groups, servers, types, places, reload };
}

function CachegroupSection({
  groups,
  data,
  canWrite,
  writes,
}: {
  groups: CachegroupRecord[];
  data: ReturnType<typeof useTopologyData>;
  canWrite: boolean;
  writes: TopologyWrites;
}) {
  const { mode } = writes;
  const tree = buildCachegroupTree(groups, data.servers.data ?? []);
  return (
    <section aria-label="Cache groups">
      <div className="section-header">
        <h2>Cache groups</h2>
        {canWrite && mode.kind === 'list' ? (
          <button type="button" onClick={() => writes.open({ kind: 'cachegroup', group: null })}>
            Create cache group
          </button>
        ) : null}
      </div>
      {mode.kind === 'cachegroup' ? (
        <CachegroupForm
          key={mode.group?.id ?? 'new'}
          group={mode.group}
          groups={groups}
          types={data.types.data ?? []}
          writes={writes}
        />
      ) : null}
      {mode.kind === 'deleteCachegroup' ? (
        <ConfirmByName
          what="cache group"
          name={mode.group.name}
          busy={writes.busy}
          onConfirm={() => void writes.write(() => deleteCachegroup(mode.group.id))}
          onCancel={writes.close}
        />
      ) : null}
      <LoadState
        loading={data.groups.loading}
        alerts={data.groups.alerts}
        empty={groups.length === 0}
        emptyText="No cache groups yet."
      />
      {tree.length > 0 ? (
        <CachegroupTree
          nodes={tree}
          canWrite={canWrite}
          onEdit={(group) => writes.open({ kind: 'cachegroup', group })}
          onDelete={(group) => writes.open({ kind: 'deleteCachegroup', group })}
        />
      ) : null}
    </section>
  );
}

/**
 * The CDN's shape: its CDNs, the cache groups as a tree (MID parents above their EDGE groups, each group's
 * servers with their status and whether they are up to date), and the places caches stand. Operations users
 * create, edit and delete each; every form checks its fields with the API's own rules.
 */
export function TopologyScreen({ canWrite }: { canWrite: boolean }) {
  const data = useTopologyData();
  const writes = useWrites(LIST, data.reload);
  return (
    <section className="topology">
      <PageHeader title="Topology">
        <button type="button" className="secondary" onClick={data.reload}>
          Refresh
        </button>
      </PageHeader>
      <AlertList alerts={writes.alerts} />
      <LoadState loading={data.cdns.loading} alerts={data.cdns.alerts} empty={false} emptyText="" />
      <CdnSection cdns={data.cdns.data ?? []} canWrite={canWrite} writes={writes} />
      <CachegroupSection groups={data.groups.data ?? []} data={data} canWrite={canWrite} writes={writes} />
      <PlacesSection places={data.places} canWrite={canWrite} writes={writes} />
    </section>
  );
}
