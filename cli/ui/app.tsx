import { useState } from 'react';
import { useInput } from 'ink';
import type { SessionInfo, UiActions } from './actions.js';
import { Home, type Destination } from './screens/Home.js';
import { PurgeWizard } from './screens/purge/PurgeWizard.js';
import { OriginsScreen } from './screens/origins/OriginsScreen.js';
import { Jobs } from './screens/Jobs.js';
import { Federations } from './screens/Federations.js';
import { Profiles, Users } from './screens/Lists.js';
import { Keys } from './screens/Keys.js';
import { NarrowTerminal } from './components/NarrowTerminal.js';
import { useTerminalWidth } from './hooks/use-terminal-width.js';
import { MIN_COLUMNS } from './theme.js';
import { useRequest } from './hooks/use-request.js';
import { ALL_PERMISSIONS, type Permissions } from './permissions.js';

const NO_PERMISSIONS: Permissions = { purge: false, writeOrigins: false, assignFederationUsers: false };
import { Servers } from './screens/servers/Servers.js';
import { CacheMapScreen } from './screens/caches/CacheMapScreen.js';
import { Propagation } from './screens/purge/Propagation.js';
import { ErrorBox } from './components/ErrorBox.js';
import { RecordScreen } from './screens/topology/RecordScreen.js';
import { CACHEGROUP_SPEC, CDN_SPEC } from './screens/topology/specs.js';
import { snapshotExtra } from './screens/topology/SnapshotView.js';
import { TenantsScreen } from './screens/tenants/TenantsScreen.js';
import { DeliveryServicesScreen } from './screens/deliveryservices/DeliveryServicesScreen.js';

export type Route = 'home' | Destination | 'propagation';

export interface AppProps {
  actions: UiActions;
  session: SessionInfo;
  onQuit: () => void;
  /** The clock (epoch ms); tests pass a fixed one. */
  now?: () => number;
  /** How often the jobs screen fetches again. */
  jobsRefreshMs?: number;
  /** The terminal's width; read from the terminal when absent. */
  width?: number;
  /** The screen to start on. */
  initial?: Route;
}

/** What every screen of the stack is drawn from. */
interface ScreenContext {
  actions: UiActions;
  session: SessionInfo;
  common: { onBack: () => void; onQuit: () => void; width: number };
  can: Permissions;
  now: () => number;
  jobsRefreshMs?: number;
  open: (to: Route) => void;
  /** Replaces the current screen (the purge's "your jobs"). */
  replace: (to: Route) => void;
  watchedJob: number | null;
  setWatchedJob: (jobId: number) => void;
  /** The home menu's last choice, where its cursor is when the user comes back. */
  homeAt: Destination | undefined;
  openFromHome: (to: Destination) => void;
}

/** The interactive cdnctl: a home menu and a stack of screens (Enter opens, Esc goes back). */
export function App({
  actions,
  session,
  onQuit,
  now = Date.now,
  jobsRefreshMs,
  width: fixedWidth,
  initial = 'home',
}: AppProps) {
  const terminalWidth = useTerminalWidth();
  const width = fixedWidth ?? terminalWidth;
  const [stack, setStack] = useState<Route[]>(initial === 'home' ? ['home'] : ['home', initial]);
  const [homeAt, setHomeAt] = useState<Destination | undefined>(
    initial === 'home' || initial === 'propagation' ? undefined : initial,
  );
  const open = (to: Route) => setStack((s) => [...s, to]);
  const back = () => setStack((s) => (s.length > 1 ? s.slice(0, -1) : s));
  const replace = (to: Route) => setStack((s) => [...s.slice(0, -1), to]);
  const narrow = width < MIN_COLUMNS;
  // Until the role is known nothing that writes is offered; if it cannot be learned, everything is (as before).
  const allowed = useRequest(actions.permissions ?? (async () => ALL_PERMISSIONS));
  const can = !actions.permissions
    ? ALL_PERMISSIONS
    : (allowed.data ?? (allowed.error ? ALL_PERMISSIONS : NO_PERMISSIONS));
  const [watchedJob, setWatchedJob] = useState<number | null>(null);

  useInput(
    (input) => {
      if (input === 'q') onQuit();
    },
    { isActive: narrow },
  );
  if (narrow) return <NarrowTerminal width={width} minWidth={MIN_COLUMNS} />;
  const common = { onBack: back, onQuit, width };
  return screenFor(stack[stack.length - 1], {
    actions,
    session,
    common,
    can,
    now,
    jobsRefreshMs,
    open,
    replace,
    watchedJob,
    setWatchedJob,
    homeAt,
    openFromHome: (to: Destination) => {
      setHomeAt(to);
      open(to);
    },
  });
}

/** The screen of a route. */
function screenFor(route: Route, ctx: ScreenContext) {
  const { actions, common } = ctx;
  switch (route) {
    case 'home':
      return (
        <Home
          session={ctx.session}
          loadUser={actions.currentUser}
          onOpen={ctx.openFromHome}
          onQuit={common.onQuit}
          width={common.width}
          permissions={ctx.can}
          selected={ctx.homeAt}
        />
      );
    case 'purge':
      return purgeScreen(ctx);
    case 'jobs':
      return jobsScreen(ctx);
    case 'origins':
      return originsScreen(ctx);
    case 'federations':
      return federationsScreen(ctx);
    case 'deliveryServices':
      return deliveryServicesScreen(ctx);
    case 'users':
      return <Users {...common} load={actions.listUsers} />;
    case 'profiles':
      return <Profiles {...common} load={actions.listProfiles} />;
    case 'keys':
      return <Keys {...common} load={actions.listKeySummaries ?? (async () => [])} />;
    case 'servers':
      return actions.caches ? (
        <Servers {...common} actions={actions.caches} />
      ) : (
        <ErrorBox message="This session has no server actions." />
      );
    case 'cdns':
    case 'cachegroups':
      return topologyScreen(route, ctx);
    case 'tenants':
      return tenantsScreen(ctx);
    case 'caches':
      return cachesScreen(ctx);
    case 'propagation':
      return actions.caches && ctx.watchedJob !== null ? (
        <Propagation
          jobId={ctx.watchedJob}
          load={actions.caches.propagation}
          onBack={common.onBack}
          width={common.width}
        />
      ) : (
        <ErrorBox message="No job to watch." />
      );
  }
}

/** The live CDN map (issue 33): read again whenever the daemon's change stream says it changed. */
function cachesScreen({ actions, common }: ScreenContext) {
  const load = actions.caches?.cacheMap;
  const watch = actions.caches?.watchCacheMap;
  return load ? (
    <CacheMapScreen {...common} load={load} watch={watch} />
  ) : (
    <ErrorBox message="This session has no CDN map." />
  );
}

/** Delivery services; create and edit at the operations level (issue 31), as origins are written. */
function deliveryServicesScreen({ actions, common, can }: ScreenContext) {
  return (
    <DeliveryServicesScreen
      {...common}
      load={actions.listDeliveryServices}
      writes={can.writeOrigins ? actions.deliveryServiceWrites : undefined}
    />
  );
}

function purgeScreen({ actions, common, now, open, replace, setWatchedJob }: ScreenContext) {
  const watch = (jobId: number) => {
    setWatchedJob(jobId);
    open('propagation');
  };
  return (
    <PurgeWizard
      {...common}
      listDeliveryServices={actions.listDeliveryServices}
      maxTtlHours={actions.maxTtlHours}
      createJob={actions.createJob}
      now={now}
      onShowJobs={() => replace('jobs')}
      onWatch={actions.caches ? watch : undefined}
    />
  );
}

function jobsScreen({ actions, common, can, now, jobsRefreshMs, open, setWatchedJob }: ScreenContext) {
  const watch = (jobId: number) => {
    setWatchedJob(jobId);
    open('propagation');
  };
  return (
    <Jobs
      {...common}
      listJobs={actions.listJobs}
      now={now}
      refreshMs={jobsRefreshMs}
      propagation={actions.caches?.propagation}
      onWatch={actions.caches ? watch : undefined}
      cancelJob={can.purge ? actions.cancelJob : undefined}
    />
  );
}

function originsScreen({ actions, common, can }: ScreenContext) {
  return (
    <OriginsScreen
      {...common}
      listOrigins={actions.listOrigins}
      listDeliveryServices={actions.listDeliveryServices}
      createOrigin={actions.createOrigin}
      updateOrigin={actions.updateOrigin}
      deleteOrigin={actions.deleteOrigin}
      canWrite={can.writeOrigins}
      listProfiles={actions.listProfiles}
      listTenants={actions.listTenants}
    />
  );
}

function federationsScreen({ actions, common, can }: ScreenContext) {
  return (
    <Federations
      {...common}
      listFederations={actions.listFederations}
      listFederationUsers={actions.listFederationUsers}
      listUsers={actions.listUsers}
      assignFederationUsers={actions.assignFederationUsers}
      removeFederationUser={actions.removeFederationUser}
      canAssign={can.assignFederationUsers}
    />
  );
}

/** CDNs or cache groups (issue 30): written by operations and admins, as origins are. */
function topologyScreen(route: 'cdns' | 'cachegroups', { actions, common, can }: ScreenContext) {
  const topology = actions.topology;
  if (!topology) return <ErrorBox message="This session has no topology actions." />;
  return route === 'cdns' ? (
    <RecordScreen
      {...common}
      spec={CDN_SPEC}
      actions={topology.cdns}
      canWrite={can.writeOrigins}
      extra={topology.snapshots && snapshotExtra(topology.snapshots, can.writeOrigins)}
    />
  ) : (
    <RecordScreen {...common} spec={CACHEGROUP_SPEC} actions={topology.cachegroups} canWrite={can.writeOrigins} />
  );
}

/** Tenants (issue 31): writes offered at the operations level (the level origins are written at, too). */
function tenantsScreen({ actions, common, can }: ScreenContext) {
  const tenants = actions.tenants;
  if (!tenants) return <ErrorBox message="This session has no tenant actions." />;
  return (
    <TenantsScreen
      {...common}
      listTenants={tenants.list}
      createTenant={can.writeOrigins ? tenants.create : undefined}
      updateTenant={can.writeOrigins ? tenants.update : undefined}
    />
  );
}
