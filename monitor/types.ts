import type { MonitoredCache, MonitoringProfileParameters } from '../shared/contract/crconfig.js';

/** The statuses a monitor polls (the seed's rule): ADMIN_DOWN is polled but always unavailable. */
export const POLLED_STATUSES: ReadonlySet<string> = new Set(['REPORTED', 'ADMIN_DOWN']);

/** One cache as this monitor judged it. */
export interface CacheJudgement {
  hostName: string;
  status: string;
  /** Whether it was polled (REPORTED, ADMIN_DOWN); ONLINE and OFFLINE are presented as configured. */
  polled: boolean;
  isAvailable: boolean;
  /** Why it is (un)available: the poll error, the threshold crossed, or its status. */
  reason: string;
}

/** What a poll of a cache's stats endpoint gave. */
export interface PollResult {
  /** The stats document, or null when the cache did not answer 200 with JSON in time. */
  stats: unknown;
  error: string | null;
  /** When the answer came (epoch ms). */
  at: number;
}

/** A cache with the polling parameters of its profile. */
export interface PollTarget {
  cache: MonitoredCache;
  parameters: MonitoringProfileParameters | null;
}

/** A peer monitor's local view, or why it did not answer. */
export interface PeerView {
  hostName: string;
  caches: Record<string, boolean> | null;
  error: string | null;
}

/** Everything the monitor shows (`/publish/MonitorView`, its state file, `cdnctl monitor status`). */
export interface MonitorView {
  host: string;
  cdn: string;
  pid: number;
  url: string;
  at: string | null;
  configError: string | null;
  caches: CacheJudgement[];
  peers: PeerView[];
  /** The view after the optimistic merge with the peers that answered. */
  merged: Record<string, boolean>;
  published: { at: string; error: string | null } | null;
}
