import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Envelope } from '../../shared/client/types.js';

export const CDNCTL = fileURLToPath(new URL('../../bin/cdnctl', import.meta.url));
const BUILT = fileURLToPath(new URL('../../dist/bundle/main.js', import.meta.url));

export interface CliDirs {
  configDir: string;
  dataDir: string;
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  /** Written to stdin, then closed; without it stdin is /dev/null. */
  input?: string;
  env?: Record<string, string | undefined>;
  /** Flags for node itself, before the script (e.g. `--import`). */
  nodeArgs?: string[];
  timeoutMs?: number;
}

/**
 * The environment of a spawned cdnctl: temp config and data dirs, CI=true, and nothing inherited that would
 * pick a server, a session, colors or a keychain (no D-Bus session bus unless a test passes one).
 */
export function cliEnv(dirs: CliDirs, extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    CDNCTL_CONFIG_DIR: dirs.configDir,
    CDNCTL_DATA_DIR: dirs.dataDir,
    CI: 'true',
  };
  for (const key of [
    'DBUS_SESSION_BUS_ADDRESS',
    'CDNCTL_SERVER',
    'CDNCTL_SESSION',
    'NO_COLOR',
    'FORCE_COLOR',
    'COLUMNS',
    'DISPLAY',
  ])
    delete env[key];
  for (const [key, value] of Object.entries(extra)) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  return env;
}

/** Runs the built cdnctl and collects its exit code and output. */
export function runCdnctl(dirs: CliDirs, args: string[], options: RunOptions = {}): Promise<CliResult> {
  if (!existsSync(BUILT)) throw new Error('cdnctl is not built: run `npm run build` first');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...(options.nodeArgs ?? []), CDNCTL, ...args], {
      env: cliEnv(dirs, options.env),
      stdio: [options.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk) => (stdout += chunk));
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new Error(`cdnctl ${args.join(' ')} did not finish in ${options.timeoutMs ?? 20_000} ms\n${stdout}\n${stderr}`),
      );
    }, options.timeoutMs ?? 20_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    if (options.input !== undefined) child.stdin!.end(options.input);
  });
}

/** cdnctl bound to one pair of temp dirs. */
export class Cli {
  constructor(readonly dirs: CliDirs) {}

  run(args: string[], options?: RunOptions): Promise<CliResult> {
    return runCdnctl(this.dirs, args, options);
  }

  /** Runs with `-o json`, expects exit 0, and parses stdout. */
  async json<T = unknown>(args: string[], options?: RunOptions): Promise<T> {
    const result = await this.run([...args, '-o', 'json'], options);
    if (result.code !== 0) throw new Error(`cdnctl ${args.join(' ')} exited ${result.code}: ${result.stderr}`);
    return JSON.parse(result.stdout) as T;
  }

  /** Logs in with --password-stdin and expects success. */
  async login(username: string, password: string, extra: string[] = []): Promise<CliResult> {
    const result = await this.run(['login', '--username', username, '--password-stdin', ...extra], { input: password });
    if (result.code !== 0) throw new Error(`login ${username} exited ${result.code}: ${result.stderr}`);
    return result;
  }
}

/** The session cookie the file fallback holds for an account, or undefined. */
export function storedCookie(configDir: string, account: string): string | undefined {
  const file = join(configDir, 'sessions.json');
  if (!existsSync(file)) return undefined;
  return (JSON.parse(readFileSync(file, 'utf8')) as { sessions: Record<string, string> }).sessions[account];
}

/** The newest mail in the daemon's outbox, soft line breaks undone. */
export function newestMail(dataDir: string): string {
  const dir = join(dataDir, 'outbox');
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort();
  if (files.length === 0) throw new Error('no mail in the outbox');
  return readFileSync(join(dir, files[files.length - 1]), 'utf8').replace(/=\r?\n/g, '');
}

/**
 * The newest mail to `address` in the daemon's outbox, waiting up to five seconds for it: password-reset mails
 * leave from a queue a moment after the request is answered.
 */
export async function mailTo(dataDir: string, address: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    try {
      const mail = newestMail(dataDir);
      if (mail.includes(`To: ${address}`)) return mail;
    } catch {
      // no mail yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail to ${address} in the outbox`);
}

/** Calls the API directly (to compare with what the CLI prints). */
export async function api<T = Envelope<unknown>>(
  url: string,
  path: string,
  cookie?: string,
  init: RequestInit = {},
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${url}${path}`, {
    ...init,
    headers: { ...(cookie ? { cookie } : {}), ...(init.body ? { 'content-type': 'application/json' } : {}) },
  });
  return { status: res.status, body: (await res.json()) as T };
}

/** ANSI escape sequences: none may appear where color is off. */
export const ANSI = /\u001b\[/;
