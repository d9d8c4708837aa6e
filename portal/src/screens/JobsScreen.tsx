import { useState } from 'react';
import { cancelJob, listJobs } from '../api/endpoints';
import type { Alert } from '../api/types';
import { AlertList } from '../components/AlertList';
import { alertsOf } from '../lib/alerts';
import type { PortalJob } from '../lib/jobs';
import { Link } from '../components/Link';
import { LoadState } from '../components/LoadState';
import { PageHeader } from '../components/PageHeader';
import { useNow } from '../hooks/useNow';
import { useResource } from '../hooks/useResource';
import { JobsPropagation, JobsRemoval } from './JobsPropagation';
import { JobsTable } from './JobsTable';

/** Every purge job the user may see, filterable by delivery service, user and state (active, expired…). */
export function JobsScreen() {
  const jobs = useResource(listJobs);
  const now = useNow();
  const list = jobs.data?.jobs ?? [];
  const mine = jobs.data?.scope === 'mine';
  const [alerts, setAlerts] = useState<Alert[]>([]);
  const [cancelled, setCancelled] = useState<string[]>([]);
  const cancel = async (job: PortalJob) => {
    if (!window.confirm(`Cancel job ${job.id} (${job.assetUrl}) on ${job.dsXmlId}? Caches stop applying it.`)) return;
    try {
      const result = await cancelJob(job.id);
      setAlerts(result.alerts.length > 0 ? result.alerts : [{ level: 'success', text: `Cancelled job ${job.id}` }]);
      setCancelled((ids) => [job.id, ...ids.filter((id) => id !== job.id)]);
    } catch (error) {
      setAlerts(alertsOf(error));
    }
    jobs.reload();
  };
  return (
    <section>
      <PageHeader title="Jobs">
        <Link to="/purge" className="button">
          New purge
        </Link>
      </PageHeader>
      <AlertList alerts={alerts} />
      {mine ? <p className="notice">This daemon lists only your own jobs (it has no GET jobs route).</p> : null}
      <LoadState
        loading={jobs.loading}
        alerts={jobs.alerts}
        empty={list.length === 0}
        emptyText={mine ? 'You have no purge jobs yet.' : 'No purge jobs are visible to you.'}
      />
      {list.length > 0 ? <JobsTable jobs={list} now={now} onCancel={(job) => void cancel(job)} /> : null}
      {cancelled.length > 0 ? <JobsRemoval jobIds={cancelled} /> : null}
      {list.length > 0 ? <JobsPropagation jobs={list} /> : null}
    </section>
  );
}
