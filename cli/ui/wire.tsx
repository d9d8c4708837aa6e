// The one place where the screens meet the real client: actions built from src/client, and the Ink renders
// that `cdnctl ui` (and `cdnctl` alone on a terminal) and `cdnctl login` on a terminal use.
import { render } from 'ink';
import type { HttpClient } from '../../shared/client/http.js';
import { NotLoggedIn } from '../../shared/client/errors.js';
import { login, type StartedSession } from '../../shared/client/session.js';
import { currentUser } from '../../shared/client/users.js';
import { listDeliveryServices } from '../../shared/client/deliveryservices.js';
import { createJob, listJobs } from '../../shared/client/jobs.js';
import { createOrigin, deleteOrigin, listOrigins, updateOrigin } from '../../shared/client/origins.js';
import { listUsers } from '../../shared/client/users.js';
import {
  assignFederationUsers,
  listFederationUsers,
  listFederations,
  removeFederationUser,
} from '../../shared/client/federations.js';
import { listProfileParameters, listProfiles } from '../../shared/client/profiles.js';
import { keySummaries } from '../../shared/client/keys.js';
import { MAX_REVAL_PARAMETER, maxTtlHoursFromParameters } from '../../shared/rules/purge/reval-duration.js';
import { CliError } from '../errors.js';
import type { SessionInfo, UiActions } from './actions.js';
import type { Job, JobRequest, JobResult } from './types.js';
import { App } from './app.js';
import { listRoles } from '../../shared/client/roles.js';
import { createTenant, listTenants, updateTenant } from '../../shared/client/tenants.js';
import { listPlaces } from '../../shared/client/places.js';
import { listCdns } from '../../shared/client/cdns.js';
import { permissionsFor, privLevelOf } from './permissions.js';
import { clientCacheActions } from './wire-caches.js';
import { clientTopologyActions } from './topology-actions.js';
import { Login } from './screens/Login.js';

/** Exit code of a screen left with Esc or Ctrl-C before it finished, as for a cancelled prompt. */
const CANCELLED = 130;

const isJob = (value: unknown): value is Job =>
  typeof value === 'object' && value !== null && 'id' in value && 'assetUrl' in value;

/**
 * Creates the job, and finds the stored record: in the answer when the server sends it (cdnctl does), else the
 * newest of the user's jobs for that delivery service whose asset URL ends with the regex.
 */
async function createAndFindJob(http: HttpClient, body: JobRequest): Promise<JobResult> {
  const created = await createJob(http, {
    dsId: String(body.dsId),
    regex: body.regex,
    startTime: body.startTime,
    ttl: body.ttl,
  });
  const answered: unknown = created.response;
  if (isJob(answered)) return { alerts: created.alerts, job: answered };
  const jobs = (await listJobs(http, { keyword: 'PURGE' })).response;
  const job = jobs.find((j) => String(j.dsId) === String(body.dsId) && j.assetUrl.endsWith(body.regex)) ?? null;
  return { alerts: created.alerts, job };
}

/** The screens' actions over one authenticated client. */
export function clientActions(http: HttpClient): UiActions {
  return {
    currentUser: async () => (await currentUser(http)).response,
    listDeliveryServices: async () => (await listDeliveryServices(http)).response,
    listJobs: async () => (await listJobs(http, { keyword: 'PURGE' })).response,
    cancelJob: async (jobId) => (await http.delete('/jobs', { id: jobId }, '1.4')).response,
    createJob: (body) => createAndFindJob(http, body),
    maxTtlHours: async () =>
      maxTtlHoursFromParameters((await listProfileParameters(http, MAX_REVAL_PARAMETER.profile)).response),
    listOrigins: async (filters) => (await listOrigins(http, filters)).response,
    createOrigin: async (body) => (await createOrigin(http, body)).response,
    updateOrigin: async (id, body) => (await updateOrigin(http, id, body)).response,
    deleteOrigin: async (id) => ({ alerts: (await deleteOrigin(http, id)).alerts }),
    listUsers: async () => (await listUsers(http)).response,
    listFederations: async () => (await listFederations(http)).response,
    listFederationUsers: async (id) => (await listFederationUsers(http, id)).response,
    assignFederationUsers: async (id, userIds, replace) => ({
      alerts: (await assignFederationUsers(http, id, userIds, replace)).alerts,
    }),
    removeFederationUser: async (id, userId) => ({ alerts: (await removeFederationUser(http, id, userId)).alerts }),
    listProfiles: async () => (await listProfiles(http)).response,
    listKeySummaries: async () => (await keySummaries(http)).response,
    listTenants: async () => (await listTenants(http)).response,
    permissions: async () => {
      const [me, roles] = await Promise.all([currentUser(http), listRoles(http)]);
      return permissionsFor(privLevelOf(me.response, roles.response));
    },
    caches: clientCacheActions(http),
    topology: clientTopologyActions(http),
    deliveryServiceWrites: {
      choices: async () => {
        const [types, cdns, tenants, profiles] = await Promise.all([
          listPlaces<{ id: number; name: string }>(http, 'types', { useInTable: 'deliveryservice' }),
          listCdns(http),
          listTenants(http),
          listProfiles(http),
        ]);
        return {
          types: types.response,
          cdns: cdns.response,
          tenants: tenants.response,
          profiles: profiles.response.map((p) => ({ id: p.id, name: p.name })),
        };
      },
      create: async (body) => (await http.post('/deliveryservices', body)).response,
      update: async (id, body) => (await http.put(`/deliveryservices/${id}`, body)).response,
    },
    tenants: {
      list: async () => (await listTenants(http)).response,
      create: async (body) => (await createTenant(http, body)).response,
      update: async (id, body) => (await updateTenant(http, id, body)).response,
    },
  };
}

/** xterm's alternate screen: the app draws on its own page and the shell's page comes back as it was on quit. */
const ALTERNATE_SCREEN_ON = '\x1b[?1049h';
const ALTERNATE_SCREEN_OFF = '\x1b[?1049l';

/** Runs the interactive app until the user quits; on a terminal it leaves no last frame behind. */
export async function runApp(http: HttpClient, session: SessionInfo): Promise<void> {
  const alternate = process.stdout.isTTY === true;
  if (alternate) process.stdout.write(ALTERNATE_SCREEN_ON);
  try {
    const app = render(<App actions={clientActions(http)} session={session} onQuit={() => app.unmount()} />);
    await app.waitUntilExit();
  } finally {
    if (alternate) process.stdout.write(ALTERNATE_SCREEN_OFF);
  }
}

/**
 * The login screen: username and masked password, retried in place until the server accepts them.
 * Answers the session the server started; Esc cancels (exit 130).
 */
/** Ink's default frame interval (30 frames a second). */
const INK_FRAME_MS = 34;

export async function loginOnScreen(http: HttpClient, username?: string): Promise<StartedSession> {
  let session: StartedSession | null = null;
  const onLogin = async (user: string, password: string) => {
    try {
      session = await login(http, user, password);
    } catch (err) {
      // The server's own words ("Invalid username or password.") read best inline.
      if (err instanceof NotLoggedIn) throw new Error(err.message);
      throw err;
    }
  };
  const screen = render(
    <Login
      server={http.baseUrl}
      initialUsername={username}
      onLogin={onLogin}
      onDone={() => close()}
      onCancel={() => close()}
    />,
  );
  // The form and its key hints go when the screen closes: the command's one line says what happened. Ink writes
  // frames at most every 32 ms; the empty frame is given time to be written before the screen is cleared, so no
  // frame still pending under that throttle lands after the clear (on a busy machine it did).
  const close = () => {
    screen.rerender(<></>);
    setTimeout(() => {
      screen.clear();
      screen.unmount();
    }, INK_FRAME_MS * 2);
  };
  await screen.waitUntilExit();
  if (!session) throw new CliError('login cancelled', CANCELLED);
  return session;
}
