import { listProfiles } from '../api/endpoints';
import type { Profile } from '../api/types';
import { DataTable, type Column } from '../components/DataTable';
import { Link } from '../components/Link';
import { LoadState } from '../components/LoadState';
import { PageHeader } from '../components/PageHeader';
import { useResource } from '../hooks/useResource';

const COLUMNS: Column<Profile>[] = [
  { header: 'Name', cell: (p) => <Link to={`/profiles/${p.id}`}>{p.name}</Link> },
  { header: 'Description', cell: (p) => p.description ?? '' },
  { header: 'Last updated (UTC)', className: 'mono', cell: (p) => p.lastUpdated ?? '—' },
];

export function ProfilesScreen() {
  const profiles = useResource(listProfiles);
  const list = profiles.data ?? [];
  return (
    <section>
      <PageHeader title="Profiles" />
      <LoadState loading={profiles.loading} alerts={profiles.alerts} empty={list.length === 0} emptyText="No profiles." />
      {list.length > 0 ? <DataTable rows={list} rowKey={(p) => p.id} columns={COLUMNS} /> : null}
    </section>
  );
}
