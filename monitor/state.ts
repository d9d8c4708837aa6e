import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MonitorView } from './types.js';

/** One file per monitor host in the data dir: `monitor-<host>.json`. */
export const monitorFile = (dataDir: string, host: string) => join(dataDir, `monitor-${host}.json`);

export function saveView(dataDir: string, view: MonitorView): void {
  mkdirSync(dataDir, { recursive: true });
  const path = monitorFile(dataDir, view.host);
  writeFileSync(`${path}.tmp`, `${JSON.stringify(view, null, 2)}\n`);
  renameSync(`${path}.tmp`, path);
}

/** The views of the monitors that ran here (one host, or all), by host name. */
export function loadViews(dataDir: string, host?: string): MonitorView[] {
  if (!existsSync(dataDir)) return [];
  const names = readdirSync(dataDir).filter((n) => /^monitor-.+\.json$/.test(n));
  const views: MonitorView[] = [];
  for (const name of names.sort()) {
    try {
      const view = JSON.parse(readFileSync(join(dataDir, name), 'utf8')) as MonitorView;
      if (!host || view.host === host) views.push(view);
    } catch {
      // a file being replaced, or not ours: skip it
    }
  }
  return views;
}
