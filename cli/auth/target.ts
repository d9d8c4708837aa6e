import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { CliError, EXIT } from '../errors.js';
import type { ApiVersion } from '../../shared/client/types.js';
import { dataFiles, defaultDataDir, type DaemonInfo } from '../../shared/paths.js';
import type { ConfigData } from './config.js';
import { normalizeServerUrl } from './server-url.js';

/** The server a command talks to, and what chose it. */
export interface ServerChoice {
  url: string;
  source: 'flag' | 'env' | 'context' | 'daemon';
  /** The context that named it, when one did. */
  context?: string;
  /** The newest version that context's server serves, when set. */
  apiVersion?: ApiVersion;
}

export interface ServerInputs {
  flagServer?: string;
  flagContext?: string;
  env: NodeJS.ProcessEnv;
  config: ConfigData;
  dataDir: string;
}

function checkedUrl(text: string, where: string): string {
  const url = normalizeServerUrl(text);
  if (!url)
    throw new CliError(
      `${where} is not an http(s) URL: "${text}"`,
      EXIT.USAGE,
      'example: --server https://to.example.net',
    );
  return url;
}

/** The local daemon's URL from `<data-dir>/daemon.json`, or null when there is none. */
export function localDaemonUrl(dataDir: string): string | null {
  try {
    const info = JSON.parse(readFileSync(dataFiles(dataDir).daemonJson, 'utf8')) as DaemonInfo;
    return typeof info.url === 'string' ? normalizeServerUrl(info.url) : null;
  } catch {
    return null;
  }
}

/** The local daemon's data dir: CDNCTL_DATA_DIR, else the one the last `daemon start` recorded, else the default. */
export function localDataDir(env: NodeJS.ProcessEnv, config: ConfigData): string {
  if (env.CDNCTL_DATA_DIR) return resolve(env.CDNCTL_DATA_DIR);
  if (config.localDataDir) return resolve(config.localDataDir);
  return resolve(defaultDataDir(env));
}

/** The hint of every "no local daemon" message: how to start one, and how to point at one started elsewhere. */
export function noDaemonHint(dataDir: string): string {
  return `start one with: cdnctl daemon start --demo (or --data-dir DIR); for a daemon of another data dir set CDNCTL_DATA_DIR=DIR or pass --data-dir DIR to daemon commands; or pass --server URL (looked in ${dataDir})`;
}

/** `--server` > CDNCTL_SERVER > `--context` or the current context > the local daemon of the data dir. */
export function resolveServer(inputs: ServerInputs): ServerChoice {
  if (inputs.flagServer) return { url: checkedUrl(inputs.flagServer, '--server'), source: 'flag' };
  if (inputs.env.CDNCTL_SERVER) return { url: checkedUrl(inputs.env.CDNCTL_SERVER, 'CDNCTL_SERVER'), source: 'env' };
  const contextName = inputs.flagContext ?? inputs.config.currentContext;
  if (contextName) {
    const context = inputs.config.contexts?.[contextName];
    if (!context) {
      throw new CliError(
        `no context named "${contextName}"`,
        EXIT.USAGE,
        'see them with: cdnctl config list; add one with: cdnctl config set-context NAME --server URL',
      );
    }
    return {
      url: checkedUrl(context.server, `context "${contextName}"'s server`),
      source: 'context',
      context: contextName,
      apiVersion: context.apiVersion,
    };
  }
  const local = localDaemonUrl(inputs.dataDir);
  if (local) return { url: local, source: 'daemon' };
  throw new CliError(
    `no server to talk to: no --server, CDNCTL_SERVER or context, and no local daemon (${dataFiles(inputs.dataDir).daemonJson} is missing)`,
    EXIT.UNREACHABLE,
    noDaemonHint(inputs.dataDir),
  );
}
