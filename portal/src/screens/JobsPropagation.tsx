import { jobPropagation, type JobPropagation, type PropagationTier } from '../api/caches';
import type { PortalJob as Job } from '../lib/jobs';
import { useResource } from '../hooks/useResource';

/** One tier as `MID 1/2` with a meter, the overdue caches, and those the monitors report down (issue 35). */
export function TierCell({ tier }: { tier: PropagationTier }) {
  return (
    <span className="tier">
      {`${tier.tier} ${tier.applied}/${tier.total} `}
      <meter min={0} max={Math.max(tier.total, 1)} value={tier.total === 0 ? 1 : tier.applied} />
      {tier.overdue.length > 0 ? <span className="muted">{` overdue: ${tier.overdue.join(', ')}`}</span> : null}
      {tier.unavailable?.length ? (
        <span className="muted">{` unavailable: ${tier.unavailable.join(', ')}`}</span>
      ) : null}
    </span>
  );
}

export function PropagationRow({ state }: { state: JobPropagation }) {
  return (
    <li>
      {`Job ${state.jobId} (${state.deliveryService}): `}
      {state.tiers.map((t) => (
        <TierCell key={t.tier} tier={t} />
      ))}
      {state.complete ? <strong> applied by every cache</strong> : null}
    </li>
  );
}

function JobRow({ job }: { job: Job }) {
  const state = useResource(() => jobPropagation(job.id), String(job.id));
  if (!state.data) return <li className="muted">{`Job ${job.id}: ${state.loading ? 'loading…' : 'not available'}`}</li>;
  return <PropagationRow state={state.data} />;
}

/** Each job's propagation to the caches, MID tier then EDGE tier (GET jobs/:id/propagation). */
export function JobsPropagation({ jobs }: { jobs: Job[] }) {
  return (
    <section aria-label="Propagation to the caches">
      <h2>Propagation to the caches</h2>
      <ul className="propagation">
        {jobs.slice(0, 20).map((job) => (
          <JobRow key={job.id} job={job} />
        ))}
      </ul>
    </section>
  );
}
