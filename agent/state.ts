import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AgentEvent, PassKind, UpdateStatus } from './types.js';

/** What `cdnctl agent status` shows: the agent's last check-in, last change, last error and recent decisions. */
export interface AgentState {
  host: string;
  configDir: string;
  pid: number;
  startedAt: string;
  lastCheckIn: { at: string; status: UpdateStatus | null } | null;
  lastApplied: { at: string; kind: PassKind; files: string[]; backup: string | null } | null;
  lastError: { at: string; message: string } | null;
  events: AgentEvent[];
}

const EVENTS_KEPT = 100;

export const stateFile = (dataDir: string, host: string): string => join(dataDir, `agent-${host}.json`);

export function newState(host: string, configDir: string, now: Date): AgentState {
  return {
    host,
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
  const path = stateFile(dataDir, state.host);
  writeFileSync(`${path}.tmp`, `${JSON.stringify(state, null, 2)}\n`);
  renameSync(`${path}.tmp`, path);
}

/** The saved states in the data directory (one per host), or of one host. */
export function loadStates(dataDir: string, host?: string): AgentState[] {
  if (!existsSync(dataDir)) return [];
  const names = host
    ? [`agent-${host}.json`]
    : readdirSync(dataDir)
        .filter((n) => /^agent-.+\.json$/.test(n))
        .sort();
  const states: AgentState[] = [];
  for (const name of names) {
    const path = join(dataDir, name);
    if (!existsSync(path)) continue;
    try {
      states.push(JSON.parse(readFileSync(path, 'utf8')) as AgentState);
    } catch {
      // a state file being replaced or damaged: leave it out
    }
  }
  return states;
}
