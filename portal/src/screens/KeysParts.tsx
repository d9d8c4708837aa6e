import type { CertificateInfo } from '../api/keys';
import { DataGrid } from '../grid/DataGrid';
import type { GridColumn } from '../grid/model';

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

const COLUMNS: GridColumn<CertificateInfo>[] = [
  { id: 'version', header: 'Version', value: (c) => c.version },
  { id: 'hostname', header: 'Host name', className: 'mono', value: (c) => c.hostname },
  { id: 'expires', header: 'Expires', value: (c) => c.notAfter, cell: (c) => <CertificateExpiry cert={c} /> },
  { id: 'fingerprint', header: 'SHA-256 fingerprint', className: 'mono', value: (c) => c.fingerprint },
  { id: 'subject', header: 'Subject', value: (c) => c.subject },
  { id: 'issuer', header: 'Issuer', value: (c) => c.issuer },
  {
    id: 'changed',
    header: 'Changed',
    value: (c) => c.changedAt,
    cell: (c) => <Changed by={c.changedBy} at={c.changedAt} />,
  },
];

/** The stored certificates of a delivery service, newest first: descriptions only, no key. */
export function CertificatesTable({ certificates }: { certificates: CertificateInfo[] }) {
  if (certificates.length === 0) return <p className="muted">No certificate is stored.</p>;
  return (
    <DataGrid label="Certificates" urlPrefix="cert." rows={certificates} rowKey={(c) => c.version} columns={COLUMNS} />
  );
}
