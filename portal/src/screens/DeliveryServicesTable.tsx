import type { DeliveryService } from '../api/types';
import { Link } from '../components/Link';

export function DeliveryServicesTable({ services, canPurge }: { services: DeliveryService[]; canPurge: boolean }) {
  return (
    <div className="table-wrap">
      <table>
        <thead>
          <tr>
            <th>XML ID</th>
            <th>Name</th>
            <th>CDN</th>
            <th>Type</th>
            <th>Tenant</th>
            <th>Origin</th>
            <th>Status</th>
            {canPurge ? <th aria-label="Actions" /> : null}
          </tr>
        </thead>
        <tbody>
          {services.map((ds) => (
            <tr key={ds.id}>
              <td className="mono">{ds.xmlId}</td>
              <td>{ds.displayName}</td>
              <td>{ds.cdnName}</td>
              <td>{ds.type}</td>
              <td>{ds.tenant}</td>
              <td className="mono">{ds.orgServerFqdn ?? '—'}</td>
              <td>{ds.active ? <span className="badge badge-ok">active</span> : <span className="badge">inactive</span>}</td>
              {canPurge ? (
                <td className="row-actions">
                  <Link to={`/purge?ds=${ds.id}`}>Purge</Link>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
