import { chmodSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isApiVersion, type ApiVersion } from '../../shared/client/types.js';
import { isOutputFormat, type OutputFormat } from '../output/format.js';

/** A named server: `cdnctl config set-context prod --server https://…`. */
export interface ContextEntry {
  server: string;
  /** The newest API version that server serves, when it is older than 1.3. */
  apiVersion?: ApiVersion;
}

/** Where the session of one server lives, and for whom (the cookie itself is never in this file). */
export interface SessionEntry {
  username: string;
  store: 'keychain' | 'file';
  savedAt: string;
  expiresAt: string | null;
}

/** Defaults set with `cdnctl config set`. */
export interface Settings {
  output?: OutputFormat;
  'api-version'?: ApiVersion;
  /** Request timeout, seconds. */
  timeout?: number;
}

/** The whole config file, `<config-dir>/config.json`. */
export interface ConfigData {
  currentContext?: string;
  contexts?: Record<string, ContextEntry>;
  /** Keyed by the normalized server URL. */
  sessions?: Record<string, SessionEntry>;
  settings?: Settings;
  /** The data dir of the last `cdnctl daemon start`: where later commands look for the local daemon. */
  localDataDir?: string;
}

export const configFile = (configDir: string) => join(configDir, 'config.json');

/**
 * Reads the config with a plain JSON parse. Every command reads it, and loading `conf` (with its schema
 * validator) costs about 100 ms of start-up, so only writes go through `conf`.
 */
export function readConfig(configDir: string): ConfigData {
  const file = configFile(configDir);
  if (!existsSync(file)) return {};
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`cannot read ${file}: ${(err as Error).message}`);
  }
  return data && typeof data === 'object' && !Array.isArray(data) ? (data as ConfigData) : {};
}

/** Creates the config dir readable by its owner only. */
export function ensureConfigDir(configDir: string): void {
  if (existsSync(configDir)) return;
  mkdirSync(configDir, { recursive: true, mode: 0o700 });
  chmodSync(configDir, 0o700);
}

/** Changes the config through `conf` (atomic write, mode 0600): `change` edits a copy of the whole file. */
export async function updateConfig(configDir: string, change: (data: ConfigData) => void): Promise<ConfigData> {
  ensureConfigDir(configDir);
  const { default: Conf } = await import('conf');
  const conf = new Conf<ConfigData>({
    projectName: 'cdnctl',
    cwd: configDir,
    configName: 'config',
    configFileMode: 0o600,
    accessPropertiesByDotNotation: false,
  });
  const data = structuredClone(conf.store) as ConfigData;
  change(data);
  conf.store = data;
  return data;
}

/** The settings `cdnctl config set` accepts, each with its check; the answer is the stored value or an error. */
export const SETTINGS: Record<
  keyof Settings,
  { describe: string; parse(text: string): Settings[keyof Settings] | Error }
> = {
  output: {
    describe: 'default output format: table, wide, json, yaml or csv',
    parse: (text) =>
      isOutputFormat(text) ? text : new Error(`output must be one of table, wide, json, yaml, csv (got "${text}")`),
  },
  'api-version': {
    describe: 'newest API version to use: 1.1 to 1.5 (1.4 and 1.5 are spoken as 1.3; default: what each command needs)',
    parse: (text) =>
      isApiVersion(text) ? text : new Error(`api-version must be 1.1, 1.2, 1.3, 1.4 or 1.5 (got "${text}")`),
  },
  timeout: {
    describe: 'request timeout in seconds (default 15)',
    parse: (text) => {
      const n = Number(text);
      return /^\d+$/.test(text) && n >= 1 && n <= 3600
        ? n
        : new Error(`timeout must be a whole number of seconds from 1 to 3600 (got "${text}")`);
    },
  },
};

export function isSettingKey(key: string): key is keyof Settings {
  return Object.hasOwn(SETTINGS, key);
}
