import type { Command } from 'commander';
import { updateConfig } from '../auth/config.js';
import { deleteSession, saveSession, sessionAccount } from '../auth/credentials.js';
import { KEYCHAIN_SERVICE } from '../auth/keychain.js';
import { sessionFile } from '../auth/session-file.js';
import { CliError, EXIT } from '../errors.js';
import { NotLoggedIn, Unreachable } from '../../shared/client/errors.js';
import type { HttpClient } from '../../shared/client/http.js';
import { login, loginWithToken, logout, type StartedSession } from '../../shared/client/session.js';
import { currentUser, type CurrentUser } from '../../shared/client/users.js';
import { messageOutput, recordOutput } from '../output/format.js';
import type { Invocation } from './common/invocation.js';
import { askHidden, ask, interactive, missing, readStdin } from './common/prompt.js';
import { addNoun, addVerb, type VerbSpec } from './common/verb.js';

const API = { min: '1.1', preferred: '1.2' } as const;

interface LoginFlags {
  username?: string;
  passwordStdin?: boolean;
  token?: string;
}

/** The username and password, from flags, stdin or the terminal; never a prompt off a terminal. */
async function credentials(flags: LoginFlags): Promise<{ username: string; password: string }> {
  const username = flags.username ?? (interactive() ? (await ask('Username: ')).trim() : undefined);
  if (!username) throw missing('a username', 'pass --username NAME');
  let password: string | undefined;
  if (flags.passwordStdin) {
    password = await readStdin();
    if (!password) throw new CliError('--password-stdin was given but stdin held no password', EXIT.USAGE);
  } else if (interactive()) {
    password = await askHidden('Password: ');
  }
  if (!password)
    throw missing('a password', 'pass --password-stdin (e.g. printf %s "$PW" | cdnctl login ...) or --token');
  return { username, password };
}

async function startSession(http: HttpClient, flags: LoginFlags): Promise<StartedSession> {
  try {
    if (flags.token) return await loginWithToken(http, flags.token);
    if (!flags.passwordStdin && interactive() && process.stdout.isTTY)
      return await (await import('../ui/wire.js')).loginOnScreen(http, flags.username);
    const { username, password } = await credentials(flags);
    return await login(http, username, password);
  } catch (err) {
    // A refused login is the answer to this command, not a reason to suggest running it.
    if (err instanceof NotLoggedIn) throw new CliError(err.message, EXIT.NOT_LOGGED_IN);
    throw err;
  }
}

export async function runLogin(inv: Invocation, _args: unknown[], flags: LoginFlags) {
  const server = inv.server().url;
  const http = await inv.client({ auth: false });
  // Say an unreachable server is unreachable before asking for a password that could not be used.
  await inv.ensureReachable();
  const session = await startSession(http, flags);
  http.cookie = session.cookie;
  const me = (await currentUser(http)).response;
  const previous = inv.config.sessions?.[server];
  if (previous) await deleteSession(inv.configDir, sessionAccount(previous.username, server), previous.store);
  const store = await saveSession(inv.configDir, sessionAccount(me.username, server), session.cookie, (line) =>
    inv.printer.warn(line),
  );
  await updateConfig(inv.configDir, (data) => {
    data.sessions = {
      ...data.sessions,
      [server]: { username: me.username, store, savedAt: new Date().toISOString(), expiresAt: session.expiresAt },
    };
  });
  // Quiet success: the server's "Successfully logged in." only with -o json|yaml; the line below says it all.
  inv.printer.alerts(inv.printer.structured ? session.alerts : session.alerts.filter((a) => a.level !== 'success'));
  const where = store === 'keychain' ? 'the OS keychain' : sessionFile(inv.configDir);
  return messageOutput(
    { server, username: me.username, role: me.roleName ?? me.role, store, expiresAt: session.expiresAt },
    `Logged in to ${server} as ${me.username}${me.roleName ? ` (${me.roleName})` : ''}; session kept in ${where}`,
  );
}

async function runLogout(inv: Invocation) {
  const server = inv.server().url;
  const entry = inv.config.sessions?.[server];
  const session = await inv.session(server);
  if (!session) return messageOutput({ server, loggedOut: false }, `Not logged in to ${server}; nothing to do`);
  if (session.source !== 'env' && entry) {
    // Forget the local copy first: whatever the server says, this machine no longer holds the session.
    await deleteSession(inv.configDir, sessionAccount(entry.username, server), entry.store);
    await updateConfig(inv.configDir, (data) => {
      if (data.sessions) delete data.sessions[server];
    });
  }
  const http = await inv.client({ auth: false });
  http.cookie = session.cookie;
  try {
    const alerts = await logout(http);
    inv.printer.alerts(inv.printer.structured ? alerts : alerts.filter((a) => a.level !== 'success'));
  } catch (err) {
    if (!(err instanceof NotLoggedIn)) {
      if (err instanceof Unreachable)
        throw new CliError(`${err.message}; the local session was removed`, EXIT.UNREACHABLE);
      throw err;
    }
    inv.printer.note('the session had already ended on the server');
  }
  return messageOutput({ server, loggedOut: true }, `Logged out of ${server}`);
}

async function runWhoami(inv: Invocation) {
  const http = await inv.client();
  const me = (await currentUser(http)).response;
  const tenant = me.tenant ? `, tenant ${me.tenant}` : '';
  return messageOutput(me, `${me.username} on ${inv.server().url} (role ${me.roleName ?? me.role}${tenant})`);
}

function storeLabel(inv: Invocation, source: string): string {
  if (source === 'env') return 'CDNCTL_SESSION (not stored)';
  if (source === 'keychain') return `OS keychain (service "${KEYCHAIN_SERVICE}")`;
  return `file ${sessionFile(inv.configDir)}`;
}

async function runStatus(inv: Invocation) {
  const server = inv.server().url;
  const entry = inv.config.sessions?.[server];
  const session = await inv.session(server);
  if (!session) {
    const why = entry
      ? `the ${entry.store} has no session for ${entry.username} any more, or cannot be reached now`
      : 'no session stored';
    throw new CliError(`not logged in to ${server} (${why})`, EXIT.NOT_LOGGED_IN, inv.loginHint());
  }
  let me: CurrentUser | null = null;
  const http = await inv.client();
  try {
    me = (await currentUser(http)).response;
  } catch (err) {
    if (!(err instanceof NotLoggedIn)) throw err;
  }
  const status = {
    server,
    serverSource: inv.server().source,
    username: me?.username ?? session.username ?? null,
    role: me ? (me.roleName ?? me.role) : null,
    store: session.source,
    location: storeLabel(inv, session.source),
    savedAt: session.source === 'env' ? null : (entry?.savedAt ?? null),
    expiresAt: session.source === 'env' ? null : (entry?.expiresAt ?? null),
    valid: me !== null,
  };
  await inv.printer.print(
    recordOutput(status, [
      ['Server', `${server} (from ${status.serverSource})`],
      ['User', status.username ?? '(unknown)'],
      ['Role', status.role ?? ''],
      ['Session in', status.location],
      ['Saved', status.savedAt ?? ''],
      ['Expires', status.expiresAt ?? ''],
      ['Valid', me ? 'yes' : 'no (expired or ended)'],
    ]),
  );
  if (!me)
    throw new CliError(
      `the session${status.username ? ` of ${status.username}` : ''} on ${server} has expired or was ended`,
      EXIT.NOT_LOGGED_IN,
      inv.loginHint(),
    );
}

const loginVerb: VerbSpec<LoginFlags> = {
  name: 'login',
  description: 'Log in and keep the session cookie in the OS keychain (a 0600 file where there is none)',
  examples: [
    'cdnctl login                                   # asks for username and password',
    'printf %s "$PASSWORD" | cdnctl login --server https://to.example.net --username admin --password-stdin',
    'cdnctl login --token 3f6c9a...                 # the token from a registration or reset mail',
  ],
  api: API,
  configure: (c) =>
    c
      .option('-u, --username <name>', 'user to log in as (asked on a terminal when missing)')
      .option('--password-stdin', 'read the password from stdin')
      .option('--token <token>', 'log in with a one-time token instead of a password'),
  run: async (inv, args, flags) => {
    if (flags.token && (flags.passwordStdin || flags.username)) {
      throw new CliError('--token logs in without --username or --password-stdin', EXIT.USAGE);
    }
    return runLogin(inv, args, flags);
  },
};

const logoutVerb: VerbSpec<object> = {
  name: 'logout',
  description: 'End the session on the server and forget it on this machine',
  examples: ['cdnctl logout', 'cdnctl logout --context prod'],
  api: API,
  run: runLogout,
};

const whoamiVerb: VerbSpec<object> = {
  name: 'whoami',
  description: 'Show the logged-in user of the server',
  examples: ['cdnctl whoami', 'cdnctl whoami -o json'],
  api: API,
  run: runWhoami,
};

const statusVerb: VerbSpec<object> = {
  name: 'status',
  description: 'Say where the session lives, for whom, and whether it is still valid (exit 0 valid, 4 not)',
  examples: ['cdnctl auth status', 'cdnctl auth status --context prod -o json'],
  api: API,
  run: runStatus,
};

/** `cdnctl login`, `logout`, `whoami` and `auth status`. */
export function registerAuth(program: Command): void {
  addVerb(program, loginVerb);
  addVerb(program, logoutVerb);
  addVerb(program, whoamiVerb);
  const auth = addNoun(program, 'auth', 'Inspect the stored session', ['cdnctl auth status']);
  addVerb(auth, statusVerb);
}
