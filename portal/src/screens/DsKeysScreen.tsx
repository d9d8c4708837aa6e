import { listDeliveryServices } from '../api/endpoints';
import { keySummaries } from '../api/keys';
import { Link } from '../components/Link';
import { LoadState } from '../components/LoadState';
import { PageHeader } from '../components/PageHeader';
import { useResource } from '../hooks/useResource';
import { UriKeysPanel, UrlKeysPanel } from './SigningKeysPanels';
import { TlsKeysPanel } from './TlsKeysPanel';

/** The keys of one delivery service (admin only): create, generate and replace; secrets are never shown. */
export function DsKeysScreen({ xmlId }: { xmlId: string }) {
  const services = useResource(listDeliveryServices);
  const summary = useResource(() => keySummaries(xmlId), xmlId);
  const ds = services.data?.find((s) => s.xmlId === xmlId);
  const keys = summary.data?.[0];
  const alerts = [...services.alerts, ...summary.alerts];
  return (
    <section>
      <PageHeader title={`Keys of ${xmlId}`}>
        <Link to="/keys">All keys</Link>
      </PageHeader>
      <LoadState
        loading={services.loading || summary.loading}
        alerts={alerts}
        empty={!ds || !keys}
        emptyText={`Delivery service ${xmlId} is not visible to you.`}
      />
      {ds && keys && alerts.length === 0 ? (
        <>
          <UrlKeysPanel
            xmlId={xmlId}
            summary={keys.urlSigKeys}
            others={(services.data ?? []).map((s) => s.xmlId).filter((x) => x !== xmlId)}
            onChanged={summary.reload}
          />
          <UriKeysPanel xmlId={xmlId} summary={keys.uriSigningKeys} onChanged={summary.reload} />
          <TlsKeysPanel xmlId={xmlId} cdn={ds.cdnName} certificates={keys.sslKeys} onChanged={summary.reload} />
        </>
      ) : null}
    </section>
  );
}
