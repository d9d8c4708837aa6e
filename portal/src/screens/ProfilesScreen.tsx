import { listProfiles } from '../api/endpoints';
import type { Profile } from '../api/types';
import { Link } from '../components/Link';
import { LoadState } from '../components/LoadState';
import { PageHeader } from '../components/PageHeader';
import { DataGrid } from '../grid/DataGrid';
import type { GridColumn } from '../grid/model';
import { useResource } from '../hooks/useResource';

const COLUMNS: GridColumn<Profile>[] = [
  { id: 'name', header: 'Name', value: (p) => p.name, cell: (p) => <Link to={`/profiles/${p.id}`}>{p.name}</Link> },
  { id: 'description', header: 'Description', className: 'text', value: (p) => p.description },
  { id: 'updated', header: 'Last updated (UTC)', className: 'mono', value: (p) => p.lastUpdated },
];

export function ProfilesScreen() {
  const profiles = useResource(listProfiles);
  const list = profiles.data ?? [];
  return (
    <section>
      <PageHeader title="Profiles" />
      <LoadState
        loading={profiles.loading}
        alerts={profiles.alerts}
        empty={list.length === 0}
        emptyText="No profiles."
      />
      {list.length > 0 ? <DataGrid label="Profiles" rows={list} rowKey={(p) => p.id} columns={COLUMNS} /> : null}
    </section>
  );
}
