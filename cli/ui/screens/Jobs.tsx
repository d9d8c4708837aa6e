import { useState } from 'react';
import { Box, Text, useInput } from 'ink';
import type { Job } from '../types.js';
import { Screen } from '../components/Screen.js';
import { Spinner } from '../components/Spinner.js';
import { ErrorBox } from '../components/ErrorBox.js';
import { Table, type Column } from '../components/Table.js';
import { Details } from '../components/Details.js';
import { Confirm } from '../components/Confirm.js';
import { useListKeys, type ListKeysState } from '../hooks/use-list-keys.js';
import { useRequest, type RequestState } from '../hooks/use-request.js';
import { useInterval } from '../hooks/use-interval.js';
import { jobExpiry, jobTtlHours, timeLeft } from '../../../shared/rules/job-time.js';
import { formatTimestamp } from '../../../shared/time.js';
import { theme } from '../theme.js';
import { bar } from '../../output/propagation.js';
import type { Propagation } from '../cache-actions.js';

export interface JobsProps {
  listJobs: () => Promise<Job[]>;
  now: () => number;
  /** How often the list is fetched again, in milliseconds. */
  refreshMs?: number;
  onBack: () => void;
  onQuit?: () => void;
  width?: number;
  /** Where a job got to on the caches, for its detail view (absent: no progress shown). */
  propagation?: (jobId: number) => Promise<Propagation>;
  /** Opens the live propagation view of a job (`w` in its detail). */
  onWatch?: (jobId: number) => void;
  /** Cancels a job (`x` in its detail, after typing its id); the detail then follows the removal (issue 33). */
  cancelJob?: (jobId: number) => Promise<unknown>;
}

const DETAIL_KEYS = [
  { keys: 'w', does: 'watch it reach the caches' },
  { keys: 'x', does: 'cancel the job' },
  { keys: 'Esc', does: 'back to the list' },
  { keys: 'q', does: 'quit' },
];

const KEYS = [
  { keys: '↑↓ j/k', does: 'move' },
  { keys: 'Enter', does: 'details' },
  { keys: 'r', does: 'refresh now' },
  { keys: '/', does: 'filter' },
  { keys: 'Esc', does: 'back' },
  { keys: 'q', does: 'quit' },
];

const left = (job: Job, now: number) => {
  const expiry = jobExpiry(job);
  return expiry === null ? '?' : timeLeft(expiry, now);
};

function columns(now: number): Column<Job>[] {
  return [
    { header: 'ID', value: (j) => String(j.id), align: 'right', priority: 3 },
    {
      header: 'Delivery service',
      value: (j) => j.dsXmlId ?? String(j.dsId ?? ''),
      priority: 2,
      ellipsis: 'middle',
    },
    { header: 'Asset URL', value: (j) => j.assetUrl, minWidth: 16, priority: 1, ellipsis: 'middle' },
    { header: 'TTL', value: (j) => `${jobTtlHours(j.parameters) ?? '?'}h`, align: 'right', priority: 6 },
    { header: 'Time left', value: (j) => left(j, now), priority: 5 },
    { header: 'Start (UTC)', value: (j) => j.startTime, priority: 7 },
    { header: 'Status', value: (j) => j.status ?? '', priority: 4 },
  ];
}

const every = (ms: number) => (ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`);

const matches = (job: Job, filter: string) =>
  [job.assetUrl, job.dsXmlId ?? '', String(job.id)].some((text) => text.toLowerCase().includes(filter));

/** A cancel in the detail view: asking (typed id), sent (the removal is followed), or failed. */
type CancelState = { step: 'idle' } | { step: 'asking' } | { step: 'done' } | { step: 'failed'; error: string };

/** The detail's keys: `w` only with a watch view, `x` only when the user may cancel. */
const detailKeys = (props: JobsProps) =>
  DETAIL_KEYS.filter((k) => (k.keys !== 'w' || props.onWatch) && (k.keys !== 'x' || props.cancelJob));

/** The user's purge jobs and how long each still applies, fetched again every few seconds. */
export function Jobs(props: JobsProps) {
  const { listJobs, now, refreshMs = 5000, onBack, onQuit, width = 80 } = props;
  const jobs = useRequest(listJobs);
  const [open, setOpen] = useState<Job | null>(null);
  const [help, setHelp] = useState(false);
  useInterval(jobs.reload, refreshMs);
  const at = now();
  const list = useListKeys({
    items: jobs.data ?? [],
    matches,
    isActive: open === null,
    onSelect: setOpen,
    onCancel: onBack,
    onKey: (input) => {
      if (input === 'r') jobs.reload();
      else if (input === 'q') onQuit?.();
      else if (input === '?') setHelp((h) => !h);
    },
  });
  return (
    <Screen
      path={open ? ['Jobs', `job ${open.id}`] : ['Jobs']}
      bindings={open ? detailKeys(props) : KEYS}
      showHelp={help}
      width={width}
    >
      {open ? (
        <JobDetailView
          {...props}
          job={open}
          at={at}
          refreshMs={refreshMs}
          width={width}
          onClose={() => setOpen(null)}
          onCancelled={jobs.reload}
        />
      ) : (
        <JobList jobs={jobs} list={list} at={at} refreshMs={refreshMs} width={width} />
      )}
    </Screen>
  );
}

interface JobDetailViewProps extends JobsProps {
  job: Job;
  at: number;
  refreshMs: number;
  width: number;
  onClose: () => void;
  onCancelled: () => void;
}

/** One job with its progress; `w` watches it, `x` cancels it (typed id) and then follows the removal. */
function JobDetailView(props: JobDetailViewProps) {
  const { job, at, width, refreshMs, onQuit, onWatch, cancelJob, onClose, onCancelled } = props;
  const [cancel, setCancel] = useState<CancelState>({ step: 'idle' });
  const confirmCancel = () => {
    setCancel({ step: 'idle' });
    cancelJob?.(Number(job.id)).then(
      () => {
        setCancel({ step: 'done' });
        onCancelled();
      },
      (err: unknown) => setCancel({ step: 'failed', error: err instanceof Error ? err.message : String(err) }),
    );
  };
  useInput(
    (input, key) => {
      if (key.escape) onClose();
      else if (input === 'q') onQuit?.();
      else if (input === 'w' && onWatch) onWatch(Number(job.id));
      else if (input === 'x' && cancelJob && cancel.step !== 'done') setCancel({ step: 'asking' });
    },
    { isActive: cancel.step !== 'asking' },
  );
  return (
    <Box flexDirection="column">
      <JobDetails job={job} at={at} width={width} />
      {cancel.step === 'asking' && (
        <Confirm
          prompt={`Cancel purge job ${job.id} (${job.assetUrl})? The caches drop its rule.`}
          expected={String(job.id)}
          onConfirm={confirmCancel}
          onCancel={() => setCancel({ step: 'idle' })}
        />
      )}
      {cancel.step === 'failed' && <ErrorBox message={cancel.error} title="Could not cancel the job" />}
      {props.propagation && (
        <JobProgress
          key={cancel.step === 'done' ? 'removal' : 'job'}
          jobId={Number(job.id)}
          load={props.propagation}
          refreshMs={cancel.step === 'done' ? refreshMs : 0}
        />
      )}
    </Box>
  );
}

interface JobListProps {
  jobs: RequestState<Job[]>;
  list: ListKeysState<Job>;
  at: number;
  refreshMs: number;
  width: number;
}

/** The jobs table under a line that says when it was fetched. */
function JobList({ jobs, list, at, refreshMs, width }: JobListProps) {
  return (
    <Box flexDirection="column">
      <Text color={theme.muted}>
        {`Updated ${formatTimestamp(at).slice(11)} UTC · refreshes every ${every(refreshMs)}`}
        {jobs.loading && jobs.data ? ' · refreshing…' : ''}
        {list.filter ? ` · matching /${list.filter}` : ''}
      </Text>
      {jobs.loading && !jobs.data && <Spinner label="Loading your jobs…" />}
      {jobs.error && <ErrorBox message={jobs.error} title="Could not load your jobs" hint="r to try again" />}
      {jobs.data && (
        <Table
          columns={columns(at)}
          rows={list.shown}
          width={width}
          selected={list.cursor}
          extraRows={1}
          rowColor={(job) => (left(job, at) === 'expired' ? theme.muted : undefined)}
          emptyText="You have no purge jobs."
        />
      )}
    </Box>
  );
}

/** How far a job got: one line per tier (MID first) with a bar; `w` opens the live view. */
function JobProgress(props: { jobId: number; load: (jobId: number) => Promise<Propagation>; refreshMs: number }) {
  const { jobId, load, refreshMs } = props;
  const state = useRequest(() => load(jobId));
  const p = state.data;
  const cancelled = p?.cancelledTime !== undefined;
  // A cancelled job's removal is followed live (issue 33): polled until every cache dropped the rule.
  useInterval(state.reload, p && !p.complete ? refreshMs : 0);
  const done = cancelled ? 'dropped' : 'applied';
  return (
    <Box flexDirection="column" marginTop={1}>
      <Text bold>{cancelled ? `Cancelled: removal from the caches` : 'Progress on the caches'}</Text>
      {state.loading && !p && <Spinner label="Asking where the job got to…" />}
      {state.error && <ErrorBox message={state.error} title="Could not load the progress" />}
      {p?.tiers.map((t) => (
        <Text key={t.tier}>
          <Text bold>{t.tier.padEnd(5)}</Text>
          <Text color={t.pending === 0 ? theme.success : theme.accent}>{bar(t.applied, t.total, 20)}</Text>
          {` ${t.applied}/${t.total} ${done}`}
          {t.overdue.length > 0 ? <Text color={theme.warning}>{`  overdue: ${t.overdue.join(', ')}`}</Text> : null}
        </Text>
      ))}
      {p && p.tiers.length === 0 && <Text color={theme.muted}>No cache serves this delivery service.</Text>}
      {p?.complete && (
        <Text color={theme.success}>
          {cancelled ? 'Every cache has dropped its rule.' : 'Every cache has applied it.'}
        </Text>
      )}
    </Box>
  );
}

/** One job, its expiry and the time it has left at `at`. */
function JobDetails({ job, at, width }: { job: Job; at: number; width: number }) {
  const expiry = jobExpiry(job);
  return (
    <Details
      width={width}
      rows={[
        ['ID', String(job.id)],
        ['Delivery service', job.dsXmlId],
        ['Asset URL', job.assetUrl],
        ['Parameters', job.parameters],
        ['Start (UTC)', job.startTime],
        ['Expires (UTC)', expiry === null ? null : formatTimestamp(expiry)],
        ['Time left', left(job, at)],
        ['Entered', job.enteredTime],
        ['Status', job.status],
        ['User', job.username],
      ]}
    />
  );
}
