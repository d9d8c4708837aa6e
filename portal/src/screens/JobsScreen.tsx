import { listJobs } from '../api/endpoints';
import { Link } from '../components/Link';
import { LoadState } from '../components/LoadState';
import { PageHeader } from '../components/PageHeader';
import { useNow } from '../hooks/useNow';
import { useResource } from '../hooks/useResource';
import { JobsPropagation } from './JobsPropagation';
import { JobsTable } from './JobsTable';

/** The user's purge jobs, newest first as the API orders them. */
export function JobsScreen() {
  const jobs = useResource(listJobs);
  const now = useNow();
  const list = jobs.data ?? [];
  return (
    <section>
      <PageHeader title="Jobs">
        <Link to="/purge" className="button">
          New purge
        </Link>
      </PageHeader>
      <LoadState loading={jobs.loading} alerts={jobs.alerts} empty={list.length === 0} emptyText="You have no purge jobs yet." />
      {list.length > 0 ? <JobsTable jobs={list} now={now} /> : null}
      {list.length > 0 ? <JobsPropagation jobs={list} /> : null}
    </section>
  );
}
