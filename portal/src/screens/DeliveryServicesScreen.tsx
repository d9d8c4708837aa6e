import { listDeliveryServices } from '../api/endpoints';
import { LoadState } from '../components/LoadState';
import { PageHeader } from '../components/PageHeader';
import { useResource } from '../hooks/useResource';
import { DeliveryServicesTable } from './DeliveryServicesTable';

export function DeliveryServicesScreen({ canPurge }: { canPurge: boolean }) {
  const services = useResource(listDeliveryServices);
  const list = services.data ?? [];
  return (
    <section>
      <PageHeader title="Delivery services" />
      <LoadState loading={services.loading} alerts={services.alerts} empty={list.length === 0} emptyText="No delivery services are visible to you." />
      {list.length > 0 ? <DeliveryServicesTable services={list} canPurge={canPurge} /> : null}
    </section>
  );
}
