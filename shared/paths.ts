import { homedir } from 'node:os';
import { join } from 'node:path';

/** The platform's data directory for cdnctl, or CDNCTL_DATA_DIR. */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.CDNCTL_DATA_DIR) return env.CDNCTL_DATA_DIR;
  const home = homedir();
  if (process.platform === 'darwin') return join(home, 'Library', 'Application Support', 'cdnctl');
  if (process.platform === 'win32') return join(env.LOCALAPPDATA ?? join(home, 'AppData', 'Local'), 'cdnctl', 'Data');
  return join(env.XDG_DATA_HOME || join(home, '.local', 'share'), 'cdnctl');
}

/** The platform's config directory for cdnctl, or CDNCTL_CONFIG_DIR. */
export function defaultConfigDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.CDNCTL_CONFIG_DIR) return env.CDNCTL_CONFIG_DIR;
  const home = homedir();
  if (process.platform === 'darwin') return join(home, 'Library', 'Preferences', 'cdnctl');
  if (process.platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'cdnctl', 'Config');
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), 'cdnctl');
}

/** Files inside a data directory. */
export const dataFiles = (dataDir: string) => ({
  database: join(dataDir, 'cdnctl.db'),
  daemonJson: join(dataDir, 'daemon.json'),
  log: join(dataDir, 'daemon.log'),
  config: join(dataDir, 'config.json'),
  adminPassword: join(dataDir, 'initial-admin-password'),
  outbox: join(dataDir, 'outbox'),
});

/** What daemon.json holds: how the CLI finds the local daemon. */
export interface DaemonInfo {
  pid: number;
  url: string;
  startedAt: string;
  /** The store in use: `sqlite <file>` or `postgres <URL with its password redacted>` (issue 18). */
  store?: string;
}

/** Parses `HOST:PORT`, `[v6]:PORT` or `:PORT`; null when malformed. */
export function parseListen(text: string): { host: string; port: number } | null {
  const m = /^(?:\[([0-9a-fA-F:.]+)\]|([^:[\]]*)):(\d{1,5})$/.exec(text.trim());
  if (!m) return null;
  const port = Number(m[3]);
  if (port > 65535) return null;
  return { host: m[1] ?? (m[2] || '127.0.0.1'), port };
}
