import type { Job } from '../api/types';
import { DataTable, type Column } from '../components/DataTable';
import { jobTimeLeft, ttlHours } from '../lib/time';

function ttl(job: Job) {
  const hours = ttlHours(job.parameters);
  return hours === null ? job.parameters : `${hours} h`;
}

/** Jobs with their rule and how long it still revalidates. */
export function JobsTable({ jobs, now }: { jobs: Job[]; now: number }) {
  const timeLeft = (job: Job) => {
    const left = jobTimeLeft(job, now);
    return <span className={`badge badge-${left.state}`}>{left.text}</span>;
  };
  const columns: Column<Job>[] = [
    { header: 'Delivery service', className: 'mono', cell: (job) => job.dsXmlId },
    { header: 'Asset URL', className: 'mono wrap', cell: (job) => job.assetUrl },
    { header: 'TTL', cell: ttl },
    { header: 'Start (UTC)', className: 'mono', cell: (job) => job.startTime },
    { header: 'Time left', cell: timeLeft },
    { header: 'Status', cell: (job) => job.status },
  ];
  return <DataTable rows={jobs} rowKey={(job) => job.id} columns={columns} />;
}
