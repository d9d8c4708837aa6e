import { useState } from 'react';
import { Box, Text, useInput } from 'ink';
import type { Job } from '../types.js';
import { Screen } from '../components/Screen.js';
import { Spinner } from '../components/Spinner.js';
import { ErrorBox } from '../components/ErrorBox.js';
import { Table, type Column } from '../components/Table.js';
import { Details } from '../components/Details.js';
import { useListKeys } from '../hooks/use-list-keys.js';
import { useRequest } from '../hooks/use-request.js';
import { useInterval } from '../hooks/use-interval.js';
import { jobExpiry, jobTtlHours, timeLeft } from '../../../shared/rules/job-time.js';
import { formatTimestamp } from '../../../shared/time.js';
import { theme } from '../theme.js';

export interface JobsProps {
  listJobs: () => Promise<Job[]>;
  now: () => number;
  /** How often the list is fetched again, in milliseconds. */
  refreshMs?: number;
  onBack: () => void;
  onQuit?: () => void;
  width?: number;
}

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
    { header: 'ID', value: (j) => String(j.id), align: 'right', minWidth: 2, priority: 4 },
    {
      header: 'Delivery service',
      value: (j) => j.dsXmlId ?? String(j.dsId ?? ''),
      minWidth: 6,
      priority: 2,
      ellipsis: 'middle',
    },
    { header: 'Asset URL', value: (j) => j.assetUrl, minWidth: 16, priority: 1, ellipsis: 'middle' },
    { header: 'TTL', value: (j) => `${jobTtlHours(j.parameters) ?? '?'}h`, align: 'right', minWidth: 3, priority: 5 },
    { header: 'Time left', value: (j) => left(j, now), minWidth: 7, priority: 3 },
    { header: 'Start (UTC)', value: (j) => j.startTime, minWidth: 10, priority: 6 },
    { header: 'Status', value: (j) => j.status ?? '', minWidth: 6, priority: 7 },
  ];
}

const every = (ms: number) => (ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`);

const matches = (job: Job, filter: string) =>
  [job.assetUrl, job.dsXmlId ?? '', String(job.id)].some((text) => text.toLowerCase().includes(filter));

/** The user's purge jobs and how long each still applies, fetched again every few seconds. */
export function Jobs({ listJobs, now, refreshMs = 5000, onBack, onQuit, width = 80 }: JobsProps) {
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
    },
    { isActive: open !== null },
  );
  return (
    <Screen path={open ? ['Jobs', `job ${open.id}`] : ['Jobs']} bindings={KEYS} showHelp={help} width={width}>
      {open ? (
        <JobDetails job={open} at={at} width={width} />
      ) : (
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
              rowColor={(job) => (left(job, at) === 'expired' ? theme.muted : undefined)}
              emptyText="You have no purge jobs."
            />
          )}
        </Box>
      )}
    </Screen>
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
