import type { Origin } from '../api/types';

/** Origins; write buttons only for users who may write, and no delete for a primary origin (the API forbids it). */
export function OriginsTable({ origins, canWrite, onEdit, onDelete }: {
  origins: Origin[];
  canWrite: boolean;
  onEdit: (origin: Origin) => void;
  onDelete: (origin: Origin) => void;
}) {
  return (
    <div className="table-wrap">
      <table>
        <thead>
          <tr>
            <th>Name</th>
            <th>Delivery service</th>
            <th>Address</th>
            <th>IPv4</th>
            <th>IPv6</th>
            <th>Tenant</th>
            <th>Profile</th>
            {canWrite ? <th aria-label="Actions" /> : null}
          </tr>
        </thead>
        <tbody>
          {origins.map((o) => (
            <tr key={o.id}>
              <td>
                {o.name} {o.isPrimary ? <span className="badge badge-ok">primary</span> : null}
              </td>
              <td className="mono">{o.deliveryService ?? '—'}</td>
              <td className="mono">{`${o.protocol}://${o.fqdn}${o.port === null ? '' : `:${o.port}`}`}</td>
              <td className="mono">{o.ipAddress ?? '—'}</td>
              <td className="mono">{o.ip6Address ?? '—'}</td>
              <td>{o.tenant ?? '—'}</td>
              <td>{o.profile ?? '—'}</td>
              {canWrite ? (
                <td className="row-actions">
                  <button type="button" className="small secondary" onClick={() => onEdit(o)} aria-label={`Edit ${o.name}`}>
                    Edit
                  </button>
                  {o.isPrimary ? null : (
                    <button type="button" className="small danger" onClick={() => onDelete(o)} aria-label={`Delete ${o.name}`}>
                      Delete
                    </button>
                  )}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
