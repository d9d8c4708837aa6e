import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AgentEvent, PassKind, UpdateStatus } from './types.js';

/** What `cdnctl agent status` shows: the agent's last check-in, last change, last error and recent decisions. */
export interface AgentState {
  host: string;
  /** The server (daemon or Traffic Ops) the agent works for; absent in states saved before it was recorded. */
  server?: string;
  configDir: string;
  pid: number;
  startedAt: string;
  lastCheckIn: { at: string; status: UpdateStatus | null } | null;
  lastApplied: { at: string; kind: PassKind; files: string[]; backup: string | null } | null;
  lastError: { at: string; message: string } | null;
  events: AgentEvent[];
  /**
   * Since when each kind of pass has been held back for pending parents (epoch ms; issue 32): kept across runs, so
   * that `--once` runs from cron reach --parent-wait-max too. Absent: not held.
   */
  parentHeldSince?: Partial<Record<PassKind, number>>;
}

const EVENTS_KEPT = 100;

/** `https://cdn.example.net:8443/` → `cdn.example.net_8443`: a server as a file name part. */
const serverTag = (server: string) =>
  server
    .replace(/^[a-z]+:\/\//i, '')
    .replace(/\/+$/, '')
    .replace(/[^A-Za-z0-9.-]+/g, '_');

/**
 * One file per host AND server: two agents on one machine for the same host name but different servers (two
 * CDNs, a test daemon beside the real one) keep apart: `agent-edge-01@cdn.example.net_8443.json`.
 */
export const stateFile = (dataDir: string, host: string, server?: string): string =>
  join(dataDir, server ? `agent-${host}@${serverTag(server)}.json` : `agent-${host}.json`);

export function newState(host: string, configDir: string, now: Date, server?: string): AgentState {
  return {
    host,
    ...(server ? { server } : {}),
    configDir,
    pid: process.pid,
    startedAt: now.toISOString(),
    lastCheckIn: null,
    lastApplied: null,
    lastError: null,
    events: [],
  };
}

/** Adds an event, keeping the newest EVENTS_KEPT. */
export function withEvent(state: AgentState, event: AgentEvent): AgentState {
  return { ...state, events: [...state.events, event].slice(-EVENTS_KEPT) };
}

export function saveState(dataDir: string, state: AgentState): void {
  mkdirSync(dataDir, { recursive: true });
  const path = stateFile(dataDir, state.host, state.server);
  writeFileSync(`${path}.tmp`, `${JSON.stringify(state, null, 2)}\n`);
  renameSync(`${path}.tmp`, path);
}

/** The saved states in the data directory (one per host and server), or of one host (of one server). */
export function loadStates(dataDir: string, host?: string, server?: string): AgentState[] {
  if (!existsSync(dataDir)) return [];
  const names = readdirSync(dataDir)
    .filter((n) => /^agent-.+\.json$/.test(n))
    .sort();
  const states: AgentState[] = [];
  for (const name of names) {
    try {
      states.push(JSON.parse(readFileSync(join(dataDir, name), 'utf8')) as AgentState);
    } catch {
      // a state file being replaced or damaged: leave it out
    }
  }
  return states.filter(
    (state) => (host === undefined || state.host === host) && (server === undefined || state.server === server),
  );
}
