import { keySummaries } from '../api/keys';
import { useResource } from '../hooks/useResource';
import { Link } from './Link';

/**
 * A notice of the certificates that end within 30 days (or have ended), for the delivery-service page; shown to
 * admins (who may read the key store's summaries), nothing otherwise.
 */
export function ExpiringCertificates() {
  const summaries = useResource(() => keySummaries());
  const expiring = (summaries.data ?? []).flatMap((s) => {
    const newest = s.sslKeys[0];
    return newest && newest.expiring ? [{ xmlId: s.xmlId, cert: newest }] : [];
  });
  if (expiring.length === 0) return null;
  return (
    <div className="alerts" aria-label="Expiring certificates">
      {expiring.map(({ xmlId, cert }) => (
        <p key={xmlId} className="alert alert-warning" role="status">
          The certificate of <Link to={`/keys/${encodeURIComponent(xmlId)}`}>{xmlId}</Link> ({cert.hostname}){' '}
          {cert.daysLeft < 0
            ? `expired on ${cert.notAfter.slice(0, 10)}`
            : `expires in ${cert.daysLeft} days (${cert.notAfter.slice(0, 10)})`}
          .
        </p>
      ))}
    </div>
  );
}
