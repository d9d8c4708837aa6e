import { listJobs } from '../api/endpoints';
import { Link } from '../components/Link';
import { LoadState } from '../components/LoadState';
import { PageHeader } from '../components/PageHeader';
import { useNow } from '../hooks/useNow';
import { useResource } from '../hooks/useResource';
import { JobsPropagation } from './JobsPropagation';
import { JobsTable } from './JobsTable';

/** Every purge job the user may see, filterable by delivery service, user and state (active, expired…). */
export function JobsScreen() {
  const jobs = useResource(listJobs);
  const now = useNow();
  const list = jobs.data?.jobs ?? [];
  const mine = jobs.data?.scope === 'mine';
  return (
    <section>
      <PageHeader title="Jobs">
        <Link to="/purge" className="button">
          New purge
        </Link>
      </PageHeader>
      {mine ? <p className="notice">This daemon lists only your own jobs (it has no GET jobs route).</p> : null}
      <LoadState
        loading={jobs.loading}
        alerts={jobs.alerts}
        empty={list.length === 0}
        emptyText={mine ? 'You have no purge jobs yet.' : 'No purge jobs are visible to you.'}
      />
      {list.length > 0 ? <JobsTable jobs={list} now={now} /> : null}
      {list.length > 0 ? <JobsPropagation jobs={list} /> : null}
    </section>
  );
}
