import { listProfiles } from '../api/endpoints';
import { Link } from '../components/Link';
import { LoadState } from '../components/LoadState';
import { PageHeader } from '../components/PageHeader';
import { useResource } from '../hooks/useResource';

export function ProfilesScreen() {
  const profiles = useResource(listProfiles);
  const list = profiles.data ?? [];
  return (
    <section>
      <PageHeader title="Profiles" />
      <LoadState loading={profiles.loading} alerts={profiles.alerts} empty={list.length === 0} emptyText="No profiles." />
      {list.length > 0 ? (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th>Name</th>
                <th>Description</th>
                <th>Last updated (UTC)</th>
              </tr>
            </thead>
            <tbody>
              {list.map((p) => (
                <tr key={p.id}>
                  <td>
                    <Link to={`/profiles/${p.id}`}>{p.name}</Link>
                  </td>
                  <td>{p.description ?? ''}</td>
                  <td className="mono">{p.lastUpdated ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
