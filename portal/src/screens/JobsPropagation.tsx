import { jobPropagation, type JobPropagation, type PropagationTier } from '../api/caches';
import type { PortalJob as Job } from '../lib/jobs';
import { useEffect } from 'react';
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
      {state.cancelledTime !== undefined ? <span className="muted">cancelled, dropped: </span> : null}
      {state.tiers.map((t) => (
        <TierCell key={t.tier} tier={t} />
      ))}
      {state.complete ? (
        <strong>{state.cancelledTime !== undefined ? ' dropped by every cache' : ' applied by every cache'}</strong>
      ) : null}
    </li>
  );
}

function JobRow({ job }: { job: Job }) {
  const state = useResource(() => jobPropagation(job.id), String(job.id));
  if (!state.data) return <li className="muted">{`Job ${job.id}: ${state.loading ? 'loading…' : 'not available'}`}</li>;
  return <PropagationRow state={state.data} />;
}

/** A cancelled job's removal from the caches, polled every 5 s until every cache dropped its rule (issue 33). */
function RemovalRow({ jobId }: { jobId: string }) {
  const state = useResource(() => jobPropagation(jobId), String(jobId));
  const { reload } = state;
  const done = state.data?.complete === true;
  useEffect(() => {
    if (done) return undefined;
    const timer = setInterval(reload, 5000);
    return () => clearInterval(timer);
  }, [done, reload]);
  if (!state.data) return <li className="muted">{`Job ${jobId}: ${state.loading ? 'loading…' : 'not available'}`}</li>;
  return <PropagationRow state={state.data} />;
}

/** The jobs cancelled from this page: how many caches of each tier have dropped their rule (issue 33). */
export function JobsRemoval({ jobIds }: { jobIds: string[] }) {
  return (
    <section aria-label="Removal from the caches">
      <h2>Removal from the caches</h2>
      <ul className="propagation">
        {jobIds.map((id) => (
          <RemovalRow key={id} jobId={id} />
        ))}
      </ul>
    </section>
  );
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
