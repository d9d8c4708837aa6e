import { maxTtlHoursFromParameters, MAX_REVAL_PARAMETER } from '../../../shared/rules/purge/reval-duration.js';
import { listDeliveryServices, listJobs, listProfileParameters } from '../api/endpoints';
import type { DeliveryService } from '../api/types';
import { Link } from '../components/Link';
import { LoadState } from '../components/LoadState';
import { PageHeader } from '../components/PageHeader';
import type { Abilities } from '../lib/privileges';
import { useNow } from '../hooks/useNow';
import { useResource } from '../hooks/useResource';
import { DsServersSection } from './DsServersSection';
import { DsSettings } from './DsSettings';
import { JobsTable } from './JobsTable';
import { OriginsScreen } from './OriginsScreen';
import { PurgeForm } from './PurgeForm';

/** A delivery service by its id or its xmlId (`/delivery-services/3`, `/delivery-services/ds1`). */
export function findService(services: DeliveryService[], key: string): DeliveryService | undefined {
  return services.find((ds) => String(ds.id) === key) ?? services.find((ds) => ds.xmlId === key);
}

/** One delivery service: its settings, a purge form, its origins, its servers (where the daemon has them) and jobs. */
export function DeliveryServiceScreen({ dsKey, abilities }: { dsKey: string; abilities: Abilities }) {
  const services = useResource(listDeliveryServices);
  const ds = findService(services.data ?? [], dsKey);
  if (!ds) {
    return (
      <section>
        <p className="crumbs">
          <Link to="/delivery-services">Delivery services</Link>
        </p>
        <PageHeader title={dsKey} />
        <LoadState
          loading={services.loading}
          alerts={services.alerts}
          empty
          emptyText="No such delivery service is visible to you."
        />
      </section>
    );
  }
  return <DeliveryServicePage key={ds.id} ds={ds} abilities={abilities} />;
}

function DeliveryServicePage({ ds, abilities }: { ds: DeliveryService; abilities: Abilities }) {
  const jobs = useResource(listJobs);
  const ceiling = useResource(() => listProfileParameters(MAX_REVAL_PARAMETER.profile));
  const maxTtlHours = ceiling.data ? maxTtlHoursFromParameters(ceiling.data) : undefined;
  const now = useNow();
  const dsJobs = (jobs.data?.jobs ?? []).filter((j) => j.dsXmlId === ds.xmlId);
  return (
    <section className="ds-page">
      <p className="crumbs">
        <Link to="/delivery-services">Delivery services</Link>
      </p>
      <PageHeader title={ds.xmlId}>
        {ds.active ? <span className="badge badge-ok">active</span> : <span className="badge">inactive</span>}
        {abilities.manageOrigins ? (
          <Link to={`/delivery-services/${encodeURIComponent(ds.xmlId)}/edit`} className="button secondary">
            Edit
          </Link>
        ) : null}
      </PageHeader>
      <p className="muted subtitle">{ds.displayName}</p>
      <div className="ds-top">
        <DsSettings ds={ds} />
        <section aria-label="Purge" id="purge">
          <h2>Purge</h2>
          {abilities.purge ? (
            <PurgeForm
              services={[ds]}
              initialDsId={String(ds.id)}
              lockDs
              now={now}
              maxTtlHours={maxTtlHours}
              onSubmitted={jobs.reload}
            />
          ) : (
            <p className="notice">Your role can see jobs but cannot submit purges.</p>
          )}
        </section>
      </div>
      <OriginsScreen canWrite={abilities.manageOrigins} ds={ds} />
      <DsServersSection dsId={String(ds.id)} xmlId={ds.xmlId} canAssign={abilities.manageOrigins} />
      <section aria-label="Jobs of this delivery service">
        <h2>Jobs</h2>
        {jobs.data?.scope === 'mine' ? (
          <p className="muted">Only your own jobs: this daemon has no GET jobs route.</p>
        ) : null}
        <LoadState
          loading={jobs.loading}
          alerts={jobs.alerts}
          empty={dsJobs.length === 0}
          emptyText="No purge jobs for this delivery service."
        />
        {dsJobs.length > 0 ? (
          <JobsTable jobs={dsJobs} now={now} urlPrefix="jobs" label="Jobs of this delivery service" omit={['ds']} />
        ) : null}
      </section>
    </section>
  );
}
