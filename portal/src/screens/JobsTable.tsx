import { useMemo } from 'react';
import { Breakable } from '../components/Breakable';
import { Link } from '../components/Link';
import { DataGrid } from '../grid/DataGrid';
import type { GridColumn } from '../grid/model';
import { jobEnd, jobState, type PortalJob } from '../lib/jobs';
import { formatApiTime, ttlHours } from '../lib/time';

/** The job grid's columns at `now`: time left sorts by the time itself, state filters active from expired. */
export function jobColumns(now: number): GridColumn<PortalJob>[] {
  return [
    { id: 'id', header: 'ID', className: 'mono', value: (j) => Number(j.id) },
    {
      id: 'ds',
      header: 'Delivery service',
      className: 'mono',
      value: (j) => j.dsXmlId,
      cell: (j) => <Link to={`/delivery-services/${encodeURIComponent(j.dsXmlId)}`}>{j.dsXmlId}</Link>,
      filter: true,
    },
    { id: 'user', header: 'User', value: (j) => j.username, filter: true },
    {
      id: 'asset',
      header: 'Asset URL',
      className: 'mono url',
      value: (j) => j.assetUrl,
      cell: (j) => <Breakable text={j.assetUrl} />,
    },
    {
      id: 'ttl',
      header: 'TTL',
      value: (j) => ttlHours(j.parameters),
      cell: (j) => (ttlHours(j.parameters) === null ? j.parameters : `${ttlHours(j.parameters)} h`),
    },
    { id: 'start', header: 'Start (UTC)', className: 'mono nowrap', value: (j) => j.startTime },
    {
      id: 'end',
      header: 'Ends (UTC)',
      className: 'mono nowrap',
      value: (j) => {
        const end = jobEnd(j);
        return end === null ? null : formatApiTime(end);
      },
      hidden: true,
    },
    {
      id: 'left',
      header: 'Time left',
      value: (j) => {
        const end = jobEnd(j);
        return end === null ? null : Math.max(0, end - now);
      },
      cell: (j) => {
        const s = jobState(j, now);
        return <span className={`badge badge-${s.state}`}>{s.text}</span>;
      },
    },
    { id: 'state', header: 'State', value: (j) => jobState(j, now).state, filter: true },
    { id: 'entered', header: 'Entered (UTC)', className: 'mono nowrap', value: (j) => j.enteredTime, hidden: true },
    { id: 'status', header: 'Status', value: (j) => j.status, hidden: true },
  ];
}

/** Jobs with their rule, who asked, and how long each still revalidates. */
export function JobsTable({
  jobs,
  now,
  urlPrefix,
  label = 'Jobs',
  omit = [],
  onCancel,
}: {
  jobs: PortalJob[];
  now: number;
  urlPrefix?: string;
  label?: string;
  /** Columns that say nothing here, e.g. the delivery service on its own page. */
  omit?: string[];
  /** Cancels a job that has not expired (absent: no cancel action). */
  onCancel?: (job: PortalJob) => void;
}) {
  // `now` moves every 30 s; the columns (and the grid's search index) follow it.
  const key = omit.join(',');
  const columns = useMemo(() => jobColumns(now).filter((c) => !key.split(',').includes(c.id)), [now, key]);
  return (
    <DataGrid
      label={label}
      rows={jobs}
      rowKey={(j) => j.id}
      columns={columns}
      actions={
        onCancel
          ? (j) =>
              jobState(j, now).state === 'expired' ? null : (
                <button type="button" className="secondary" onClick={() => onCancel(j)}>
                  Cancel job
                </button>
              )
          : undefined
      }
      urlPrefix={urlPrefix}
      exportName="jobs"
    />
  );
}
