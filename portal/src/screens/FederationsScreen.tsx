import { listFederations } from '../api/endpoints';
import { Link } from '../components/Link';
import { LoadState } from '../components/LoadState';
import { PageHeader } from '../components/PageHeader';
import { useResource } from '../hooks/useResource';

export function FederationsScreen() {
  const federations = useResource(listFederations);
  const list = federations.data ?? [];
  return (
    <section>
      <PageHeader title="Federations" />
      <LoadState loading={federations.loading} alerts={federations.alerts} empty={list.length === 0} emptyText="No federations are visible to you." />
      {list.length > 0 ? (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th>CNAME</th>
                <th>CDN</th>
                <th>TTL</th>
                <th>Delivery services</th>
                <th>Description</th>
              </tr>
            </thead>
            <tbody>
              {list.map((f) => (
                <tr key={f.id}>
                  <td className="mono">
                    <Link to={`/federations/${f.id}`}>{f.cname}</Link>
                  </td>
                  <td>{f.cdnName ?? '—'}</td>
                  <td>{f.ttl}</td>
                  <td className="mono">{f.deliveryServices.join(', ') || '—'}</td>
                  <td>{f.description ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
