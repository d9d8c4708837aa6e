import { getProfile } from '../api/endpoints';
import { Link } from '../components/Link';
import { LoadState } from '../components/LoadState';
import { PageHeader } from '../components/PageHeader';
import { useResource } from '../hooks/useResource';

/** GET profiles/:id answers an array: empty when the profile does not exist. */
export function ProfileScreen({ id }: { id: number }) {
  const profile = useResource(() => getProfile(id), String(id));
  const found = profile.data?.[0] ?? null;
  return (
    <section>
      <p className="crumbs">
        <Link to="/profiles">Profiles</Link> /
      </p>
      <PageHeader title={found?.name ?? `Profile ${id}`} />
      <LoadState
        loading={profile.loading}
        alerts={profile.alerts}
        empty={!found}
        emptyText="There is no profile with this id."
      />
      {found ? (
        <dl className="details">
          <dt>ID</dt>
          <dd className="mono">{found.id}</dd>
          <dt>Name</dt>
          <dd>{found.name}</dd>
          <dt>Description</dt>
          <dd>{found.description || '—'}</dd>
          <dt>Last updated (UTC)</dt>
          <dd className="mono">{found.lastUpdated ?? '—'}</dd>
        </dl>
      ) : null}
    </section>
  );
}
