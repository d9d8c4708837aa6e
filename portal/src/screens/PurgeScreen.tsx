import { maxTtlHoursFromParameters, MAX_REVAL_PARAMETER } from '../../../shared/rules/purge/reval-duration.js';
import { listDeliveryServices, listJobs, listProfileParameters } from '../api/endpoints';
import { LoadState } from '../components/LoadState';
import { PageHeader } from '../components/PageHeader';
import { useNow } from '../hooks/useNow';
import { useResource } from '../hooks/useResource';
import { JobsTable } from './JobsTable';
import { PurgeForm } from './PurgeForm';

/** The purge form and, below it, the user's own jobs with the time each has left. */
export function PurgeScreen({
  canPurge,
  preselectedDsId,
  username,
}: {
  canPurge: boolean;
  preselectedDsId: string;
  username: string;
}) {
  const services = useResource(listDeliveryServices);
  const jobs = useResource(listJobs);
  // The ceiling the API enforces (GLOBAL's maxRevalDurationDays); the form shows the default until it arrives.
  const ceiling = useResource(() => listProfileParameters(MAX_REVAL_PARAMETER.profile));
  const maxTtlHours = ceiling.data ? maxTtlHoursFromParameters(ceiling.data) : undefined;
  const now = useNow();
  const jobList = (jobs.data?.jobs ?? []).filter((j) => j.username === username);
  return (
    <section>
      <PageHeader title="Purge" />
      {canPurge ? (
        <>
          <LoadState
            loading={services.loading}
            alerts={services.alerts}
            empty={(services.data ?? []).length === 0}
            emptyText="No delivery services are visible to you."
          />
          {services.data && services.data.length > 0 ? (
            <PurgeForm
              services={services.data}
              initialDsId={preselectedDsId}
              now={now}
              maxTtlHours={maxTtlHours}
              onSubmitted={jobs.reload}
            />
          ) : null}
        </>
      ) : (
        <p className="notice">Your role can see jobs but cannot submit purges.</p>
      )}
      <h2>Your jobs</h2>
      <LoadState
        loading={jobs.loading}
        alerts={jobs.alerts}
        empty={jobList.length === 0}
        emptyText="You have no purge jobs yet."
      />
      {jobList.length > 0 ? <JobsTable jobs={jobList} now={now} label="Your jobs" /> : null}
    </section>
  );
}
