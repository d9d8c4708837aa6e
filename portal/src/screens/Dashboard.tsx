import { Bar, BarChart, CartesianGrid, Cell, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Origin } from '../api/types';
import { Link } from '../components/Link';
import { expiringSoon, originsPerTenant, purgesPerDay, purgesPerDs, recentJobs } from '../lib/dashboard';
import type { PortalJob } from '../lib/jobs';
import { formatApiTime, timeLeft } from '../lib/time';

// Loaded on its own (React.lazy): the chart library stays out of the login page's bundle.

// Five delivery services and "other" (grey) in the stacked chart; purgesPerDay names at most five.
const COLORS = ['#1f5f8b', '#2f9e8f', '#d9822b', '#8e5ea2', '#c8553d', '#9aa5b1'];
const AXIS = { fontSize: 12, fill: '#5f6b7a' };

/** A category axis as wide as its longest label (12 px text), within reason: no name is cut at the chart's edge. */
const labelWidth = (labels: string[]) => Math.min(220, 16 + 7 * Math.max(4, ...labels.map((l) => l.length)));

function Panel({ title, children, wide }: { title: string; children: React.ReactNode; wide?: boolean }) {
  return (
    <section className={wide ? 'chart-panel chart-wide' : 'chart-panel'} aria-label={title}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

/** Purges per day, stacked by delivery service, and the totals per delivery service, over the last 30 days. */
function PurgeCharts({ jobs, now }: { jobs: PortalJob[]; now: number }) {
  const { bars, series } = purgesPerDay(jobs, now);
  const perDs = purgesPerDs(recentJobs(jobs, now)).slice(0, 10);
  // A delivery service has the same colour in both charts; those folded into "other" share its grey.
  const colorOf = (ds: string) => {
    const i = series.indexOf(ds);
    return COLORS[(i >= 0 ? i : series.length - 1) % COLORS.length];
  };
  return (
    <>
      <Panel title="Purges per day (last 30 days)" wide>
        <div className="chart-box" data-total={bars.reduce((n, b) => n + b.total, 0)}>
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={bars} margin={{ top: 4, right: 8, bottom: 0, left: -16 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="label" tick={AXIS} interval="preserveStartEnd" minTickGap={12} />
              <YAxis allowDecimals={false} tick={AXIS} />
              <Tooltip />
              <Legend />
              {series.map((s, i) => (
                <Bar key={s} dataKey={s} stackId="ds" fill={COLORS[i % COLORS.length]} isAnimationActive={false} />
              ))}
            </BarChart>
          </ResponsiveContainer>
        </div>
      </Panel>
      <Panel title="Purges per delivery service (last 30 days)">
        <div className="chart-box">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={perDs} layout="vertical" margin={{ top: 4, right: 16, bottom: 0, left: 8 }}>
              <CartesianGrid strokeDasharray="3 3" horizontal={false} />
              <XAxis type="number" allowDecimals={false} tick={AXIS} />
              <YAxis type="category" dataKey="ds" width={labelWidth(perDs.map((d) => d.ds))} tick={AXIS} />
              <Tooltip />
              <Bar dataKey="count" name="purges" isAnimationActive={false}>
                {perDs.map((d) => (
                  <Cell key={d.ds} fill={colorOf(d.ds)} />
                ))}
              </Bar>
            </BarChart>
          </ResponsiveContainer>
        </div>
      </Panel>
    </>
  );
}

function ExpiringSoon({ jobs, now }: { jobs: PortalJob[]; now: number }) {
  const soon = expiringSoon(jobs, now);
  return (
    <Panel title="Active jobs expiring in the next 24 hours">
      {soon.length === 0 ? (
        <p className="muted">No active job ends in the next 24 hours.</p>
      ) : (
        <ul className="expiring">
          {soon.map(({ job, end }) => (
            <li key={job.id}>
              <span>
                <Link to={`/delivery-services/${encodeURIComponent(job.dsXmlId)}`}>{job.dsXmlId}</Link>{' '}
                <span className="mono muted">{job.assetUrl.replace(/^https?:\/\/[^/]+/, '')}</span>
              </span>
              <span className="badge badge-scheduled" title={`ends ${formatApiTime(end)} UTC`}>
                {timeLeft(end, now)} left
              </span>
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to="/jobs?f.state=active&sort=left">All active jobs</Link>
      </p>
    </Panel>
  );
}

function OriginsPerTenant({ origins }: { origins: Origin[] }) {
  const data = originsPerTenant(origins);
  return (
    <Panel title="Origins per tenant">
      <div className="chart-box">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 4, right: 8, bottom: 0, left: -16 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="tenant" tick={AXIS} />
            <YAxis allowDecimals={false} tick={AXIS} />
            <Tooltip />
            <Bar dataKey="count" name="origins" fill={COLORS[1]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </Panel>
  );
}

/** The home page's charts, from the jobs and origins the user may see. */
export default function Dashboard({ jobs, origins, now }: { jobs: PortalJob[]; origins: Origin[]; now: number }) {
  return (
    <div className="dashboard">
      <PurgeCharts jobs={jobs} now={now} />
      <ExpiringSoon jobs={jobs} now={now} />
      <OriginsPerTenant origins={origins} />
    </div>
  );
}
