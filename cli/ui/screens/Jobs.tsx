import { useState } from 'react';
import { Box, Text, useInput } from 'ink';
import type { Job } from '../types.js';
import { Screen } from '../components/Screen.js';
import { Spinner } from '../components/Spinner.js';
import { ErrorBox } from '../components/ErrorBox.js';
import { Table, type Column } from '../components/Table.js';
import { Details } from '../components/Details.js';
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
}

const DETAIL_KEYS = [
  { keys: 'w', does: 'watch it reach the caches' },
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

/** The user's purge jobs and how long each still applies, fetched again every few seconds. */
export function Jobs(props: JobsProps) {
  const { listJobs, now, refreshMs = 5000, onBack, onQuit, width = 80, onWatch } = props;
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
  useInput(
    (input, key) => {
      if (key.escape) setOpen(null);
      else if (input === 'q') onQuit?.();
      else if (input === 'w' && open && onWatch) onWatch(Number(open.id));
    },
    { isActive: open !== null },
  );
  return (
    <Screen
      path={open ? ['Jobs', `job ${open.id}`] : ['Jobs']}
      bindings={open ? DETAIL_KEYS.filter((k) => k.keys !== 'w' || onWatch) : KEYS}
      showHelp={help}
      width={width}
    >
      {open ? (
        <Box flexDirection="column">
          <JobDetails job={open} at={at} width={width} />
          {props.propagation && <JobProgress jobId={Number(open.id)} load={props.propagation} />}
        </Box>
      ) : (
        <JobList jobs={jobs} list={list} at={at} refreshMs={refreshMs} width={width} />
      )}
    </Screen>
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
function JobProgress({ jobId, load }: { jobId: number; load: (jobId: number) => Promise<Propagation> }) {
  const state = useRequest(() => load(jobId));
  const p = state.data;
  return (
    <Box flexDirection="column" marginTop={1}>
      <Text bold>Progress on the caches</Text>
      {state.loading && !p && <Spinner label="Asking where the job got to…" />}
      {state.error && <ErrorBox message={state.error} title="Could not load the progress" />}
      {p?.tiers.map((t) => (
        <Text key={t.tier}>
          <Text bold>{t.tier.padEnd(5)}</Text>
          <Text color={t.pending === 0 ? theme.success : theme.accent}>{bar(t.applied, t.total, 20)}</Text>
          {` ${t.applied}/${t.total} applied`}
          {t.overdue.length > 0 ? <Text color={theme.warning}>{`  overdue: ${t.overdue.join(', ')}`}</Text> : null}
        </Text>
      ))}
      {p && p.tiers.length === 0 && <Text color={theme.muted}>No cache serves this delivery service.</Text>}
      {p?.complete && <Text color={theme.success}>Every cache has applied it.</Text>}
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
