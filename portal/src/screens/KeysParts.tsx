import type { CertificateInfo } from '../api/keys';
import { DataTable, type Column } from '../components/DataTable';

/** "who, when" of a stored key. */
export function Changed({ by, at }: { by: string; at: string }) {
  return (
    <span className="muted">
      changed by {by} on {at.slice(0, 16).replace('T', ' ')} UTC
    </span>
  );
}

/** A certificate's expiry date, flagged when it ends within 30 days or has ended. */
export function CertificateExpiry({ cert }: { cert: CertificateInfo }) {
  const date = cert.notAfter.slice(0, 10);
  if (!cert.expiring) return <span>{date}</span>;
  return (
    <span className="badge badge-expiring" title="Replace this certificate soon">
      {cert.daysLeft < 0 ? `expired ${date}` : `expires ${date} (${cert.daysLeft} days)`}
    </span>
  );
}

const COLUMNS: Column<CertificateInfo>[] = [
  { header: 'Version', cell: (c) => c.version },
  { header: 'Host name', className: 'mono', cell: (c) => c.hostname },
  { header: 'Expires', cell: (c) => <CertificateExpiry cert={c} /> },
  { header: 'SHA-256 fingerprint', className: 'mono', cell: (c) => c.fingerprint },
  { header: 'Subject', cell: (c) => c.subject },
  { header: 'Issuer', cell: (c) => c.issuer },
  { header: 'Changed', cell: (c) => <Changed by={c.changedBy} at={c.changedAt} /> },
];

/** The stored certificates of a delivery service, newest first: descriptions only, no key. */
export function CertificatesTable({ certificates }: { certificates: CertificateInfo[] }) {
  if (certificates.length === 0) return <p className="muted">No certificate is stored.</p>;
  return <DataTable rows={certificates} rowKey={(c) => c.version} columns={COLUMNS} />;
}
