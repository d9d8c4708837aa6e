import { listDeliveryServices } from '../api/endpoints';
import { keySummaries, type KeySummary } from '../api/keys';
import type { DeliveryService } from '../api/types';
import { DataGrid } from '../grid/DataGrid';
import type { GridColumn } from '../grid/model';
import { ExpiringCertificates } from '../components/ExpiringCertificates';
import { Link } from '../components/Link';
import { LoadState } from '../components/LoadState';
import { PageHeader } from '../components/PageHeader';
import { useResource } from '../hooks/useResource';
import { CertificateExpiry } from './KeysParts';

type Row = { ds: DeliveryService; summary: KeySummary | undefined };

const uriKeyIds = (r: Row) =>
  r.summary?.uriSigningKeys?.issuers.flatMap((i) => i.keys.map((k) => k.kid)).join(', ') || '—';

const COLUMNS: GridColumn<Row>[] = [
  {
    id: 'xmlId',
    header: 'XML ID',
    className: 'mono',
    value: (r) => r.ds.xmlId,
    cell: (r) => <Link to={`/keys/${encodeURIComponent(r.ds.xmlId)}`}>{r.ds.xmlId}</Link>,
  },
  { id: 'cdn', header: 'CDN', filter: true, value: (r) => r.ds.cdnName },
  {
    id: 'urlSig',
    header: 'URL signing',
    value: (r) => (r.summary?.urlSigKeys ? `${r.summary.urlSigKeys.keys} keys` : '—'),
  },
  { id: 'uriSig', header: 'URI signing', className: 'mono', value: uriKeyIds },
  {
    id: 'certificate',
    header: 'Certificate',
    value: (r) => r.summary?.sslKeys[0]?.notAfter ?? '',
    cell: (r) => (r.summary?.sslKeys[0] ? <CertificateExpiry cert={r.summary.sslKeys[0]} /> : '—'),
  },
];

/** Keys of every visible delivery service (admin only): what is stored, never the secrets themselves. */
export function KeysScreen() {
  const services = useResource(listDeliveryServices);
  const summaries = useResource(() => keySummaries());
  const list = services.data ?? [];
  const rows = list.map((ds) => ({ ds, summary: summaries.data?.find((s) => s.xmlId === ds.xmlId) }));
  return (
    <section>
      <PageHeader title="Keys and certificates" />
      <p className="muted">Private keys and signing secrets are never shown here; the API gives them to admins only.</p>
      <ExpiringCertificates />
      <LoadState
        loading={services.loading || summaries.loading}
        alerts={[...services.alerts, ...summaries.alerts]}
        empty={list.length === 0}
        emptyText="No delivery services are visible to you."
      />
      {list.length > 0 && summaries.alerts.length === 0 ? (
        <DataGrid label="Keys" rows={rows} rowKey={(r) => r.ds.id} columns={COLUMNS} />
      ) : null}
    </section>
  );
}
