import type { Job } from '../api/types';
import { jobTimeLeft, ttlHours } from '../lib/time';

/** Jobs with their rule and how long it still revalidates. */
export function JobsTable({ jobs, now }: { jobs: Job[]; now: number }) {
  return (
    <div className="table-wrap">
      <table>
        <thead>
          <tr>
            <th>Delivery service</th>
            <th>Asset URL</th>
            <th>TTL</th>
            <th>Start (UTC)</th>
            <th>Time left</th>
            <th>Status</th>
          </tr>
        </thead>
        <tbody>
          {jobs.map((job) => {
            const left = jobTimeLeft(job, now);
            const hours = ttlHours(job.parameters);
            return (
              <tr key={job.id}>
                <td className="mono">{job.dsXmlId}</td>
                <td className="mono wrap">{job.assetUrl}</td>
                <td>{hours === null ? job.parameters : `${hours} h`}</td>
                <td className="mono">{job.startTime}</td>
                <td>
                  <span className={`badge badge-${left.state}`}>{left.text}</span>
                </td>
                <td>{job.status}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
