import { listDeliveryServices } from '../api/endpoints';
import { ExpiringCertificates } from '../components/ExpiringCertificates';
import { Link } from '../components/Link';
import { LoadState } from '../components/LoadState';
import { PageHeader } from '../components/PageHeader';
import { useResource } from '../hooks/useResource';
import { DeliveryServicesTable } from './DeliveryServicesTable';

export function DeliveryServicesScreen({
  canPurge,
  canManageKeys = false,
  canWrite = false,
}: {
  canPurge: boolean;
  canManageKeys?: boolean;
  /** Operations and above create delivery services (issue 31). */
  canWrite?: boolean;
}) {
  const services = useResource(listDeliveryServices);
  const list = services.data ?? [];
  return (
    <section>
      <PageHeader title="Delivery services">
        {canManageKeys ? <Link to="/keys">Keys and certificates</Link> : null}
        {canWrite ? (
          <Link to="/delivery-services/new" className="button">
            New delivery service
          </Link>
        ) : null}
      </PageHeader>
      {canManageKeys ? <ExpiringCertificates /> : null}
      <LoadState
        loading={services.loading}
        alerts={services.alerts}
        empty={list.length === 0}
        emptyText="No delivery services are visible to you."
      />
      {list.length > 0 ? <DeliveryServicesTable services={list} canPurge={canPurge} /> : null}
    </section>
  );
}
