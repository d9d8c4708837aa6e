import { readConfig, type ConfigData } from '../../auth/config.js';
import { loadSession, sessionAccount, type SessionStoreKind } from '../../auth/credentials.js';
import { localDataDir, resolveServer, type ServerChoice } from '../../auth/target.js';
import { CliError, EXIT } from '../../errors.js';
import { Unreachable } from '../../../shared/client/errors.js';
import { HttpClient } from '../../../shared/client/http.js';
import type { ApiVersion } from '../../../shared/client/types.js';
import { colorAllowed, paintFor } from '../../output/colors.js';
import type { OutputFormat } from '../../output/format.js';
import { Printer } from '../../output/printer.js';
import { sessionPair } from '../../../shared/cookies.js';
import { defaultConfigDir } from '../../../shared/paths.js';
import { chooseVersion, type VersionNeeds } from './version.js';

/** The global flags, wherever on the command line they were given. */
export interface GlobalFlags {
  server?: string;
  context?: string;
  apiVersion?: ApiVersion;
  output?: OutputFormat;
  /** False with `--no-color`. */
  color?: boolean;
}

/** A session cookie and where it came from. */
export interface SessionSource {
  cookie: string;
  source: 'env' | SessionStoreKind;
  username?: string;
}

/** `CDNCTL_SESSION` may be the bare value or the whole `name=value` pair. */
export function cookieFromEnv(value: string): string {
  const text = value.trim();
  return text.includes('=') ? text : sessionPair(text);
}

/**
 * One run of one command: its flags, config, server, API version, printer and HTTP clients. Built lazily, so a
 * command that needs no server never resolves one and one that needs no session never opens the keychain.
 */
export class Invocation {
  readonly env = process.env;
  readonly configDir: string;
  private configData: ConfigData | undefined;
  private serverChoice: ServerChoice | undefined;
  private clients: HttpClient[] = [];
  /** The session the last authenticated client used. */
  usedSession: SessionSource | null = null;

  private constructor(
    readonly command: string,
    readonly globals: GlobalFlags,
    readonly printer: Printer,
    private readonly needs: VersionNeeds | undefined,
  ) {
    this.configDir = defaultConfigDir(this.env);
  }

  static async create(command: string, globals: GlobalFlags, needs?: VersionNeeds): Promise<Invocation> {
    const env = process.env;
    const colorFlag = globals.color !== false;
    const outColor = colorAllowed({ colorFlag, env, isTTY: process.stdout.isTTY === true });
    const errColor = colorAllowed({ colorFlag, env, isTTY: process.stderr.isTTY === true });
    const configured = readConfig(defaultConfigDir(env)).settings?.output;
    const printer = new Printer({
      format: globals.output ?? configured ?? 'table',
      out: (text) => process.stdout.write(text),
      err: (text) => process.stderr.write(text),
      outPaint: await paintFor(outColor),
      errPaint: await paintFor(errColor),
      width: (process.stdout.isTTY && process.stdout.columns) || Number(env.COLUMNS) || Infinity,
    });
    const invocation = new Invocation(command, globals, printer, needs);
    // A version the command cannot use is a usage error before anything is resolved or sent.
    if (needs && globals.apiVersion) invocation.version();
    return invocation;
  }

  /** Where the local daemon runs: CDNCTL_DATA_DIR, else the data dir the last `daemon start` recorded. */
  get dataDir(): string {
    return localDataDir(this.env, this.config);
  }

  get config(): ConfigData {
    this.configData ??= readConfig(this.configDir);
    return this.configData;
  }

  /** Forgets the cached config after a command changed it. */
  reloadConfig(): void {
    this.configData = undefined;
  }

  server(): ServerChoice {
    this.serverChoice ??= resolveServer({
      flagServer: this.globals.server,
      flagContext: this.globals.context,
      env: this.env,
      config: this.config,
      dataDir: this.dataDir,
    });
    return this.serverChoice;
  }

  /** The API version this command uses (see chooseVersion). */
  version(): ApiVersion {
    const needs = this.needs ?? { min: '1.1', preferred: '1.2' };
    let cap: { version: ApiVersion; by: string } | undefined;
    if (!this.globals.apiVersion) {
      const choice = this.server();
      const setting = this.config.settings?.['api-version'];
      if (choice.apiVersion) cap = { version: choice.apiVersion, by: `context "${choice.context}"` };
      else if (setting) cap = { version: setting, by: 'the api-version setting' };
    }
    return chooseVersion({ command: this.command, needs, flag: this.globals.apiVersion, cap });
  }

  /** How to log in to this command's server, for hints. */
  loginHint(): string {
    const choice = this.serverChoice;
    if (choice?.source === 'flag') return `run cdnctl login --server ${choice.url}`;
    if (choice?.source === 'context' && this.globals.context) return `run cdnctl login --context ${choice.context}`;
    return 'run cdnctl login';
  }

  /** The session for a server: CDNCTL_SESSION, else the stored one. */
  async session(server: string): Promise<SessionSource | null> {
    if (this.env.CDNCTL_SESSION) return { cookie: cookieFromEnv(this.env.CDNCTL_SESSION), source: 'env' };
    const entry = this.config.sessions?.[server];
    if (!entry) return null;
    const cookie = await loadSession(this.configDir, sessionAccount(entry.username, server), entry.store);
    return cookie ? { cookie, source: entry.store, username: entry.username } : null;
  }

  /**
   * Fails with the client's Unreachable (exit 3) when the server does not answer at all; any answer, even an
   * error, proves it is there. Run before a password is asked or "not logged in" is said: unreachable comes first.
   */
  async ensureReachable(): Promise<void> {
    const probe = await this.client({ auth: false });
    try {
      await probe.get('/ping');
    } catch (err) {
      if (err instanceof Unreachable) throw err;
    }
  }

  /** A client for this command's server and version; with `auth` it carries the session (or fails with exit 4). */
  async client(options: { auth?: boolean; version?: ApiVersion } = {}): Promise<HttpClient> {
    const server = this.server().url;
    const version = options.version ?? this.version();
    let cookie: string | undefined;
    if (options.auth !== false) {
      const session = await this.session(server);
      if (!session) {
        await this.ensureReachable();
        throw new CliError(`not logged in to ${server}`, EXIT.NOT_LOGGED_IN, this.loginHint());
      }
      this.usedSession = session;
      cookie = session.cookie;
    }
    const timeout = this.config.settings?.timeout;
    const client = new HttpClient({
      baseUrl: server,
      version,
      cookie,
      timeoutMs: timeout ? timeout * 1000 : undefined,
    });
    this.clients.push(client);
    return client;
  }

  async close(): Promise<void> {
    await Promise.all(this.clients.map((c) => c.close()));
    this.clients = [];
  }
}
