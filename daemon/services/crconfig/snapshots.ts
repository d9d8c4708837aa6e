import type { CrConfig, MonitoringConfig, SnapshotDiff } from '../../../shared/contract/crconfig.js';
import type { AppContext } from '../../context.js';
import type { Cdn } from '../../store/cdns.js';
import { cdnTenants } from '../caches/change-entries.js';
import { changeAs } from '../change.js';
import { badRequest, notFound } from '../errors.js';
import { CDNCTL_VERSION } from '../package-version.js';
import { toInteger } from '../params.js';
import type { Principal } from '../principal.js';
import { buildCrConfig } from './crconfig.js';
import { diffSnapshots } from './diff.js';
import { loadTopology } from './load.js';
import { buildMonitoring } from './monitoring.js';

/** Texts of the snapshot routes (reference §1.3). */
export const SNAPSHOT_TEXTS = {
  noCdn: 'CDN not found',
  badId: "getting integer parameters: parameter 'id' not an integer",
  noId: 'No CDN found with that ID',
  noName: 'No CDN ID found with that name',
  deprecated:
    'This endpoint is deprecated, please use PUT /snapshots with either the query parameter cdn or cdnID instead',
  logged: (cdn: Cdn) => `CDN: ${cdn.name}, ID: ${cdn.id}, ACTION: Snapshot of CRConfig and Monitor`,
} as const;

async function cdnNamed(ctx: AppContext, name: string, text: string = SNAPSHOT_TEXTS.noCdn): Promise<Cdn> {
  const cdn = await ctx.store.cdns.byName(name);
  if (!cdn) throw notFound(text);
  return cdn;
}

/**
 * GET cdns/:name/snapshot: the published CRConfig as it was stored; a CDN never published answers only its stats.
 * At 1.x Traffic Ops forced stats.tm_path to the 4.0 route, never stored.
 */
export async function publishedCrConfig(ctx: AppContext, name: string): Promise<CrConfig> {
  const cdn = await cdnNamed(ctx, name);
  const stored = await ctx.store.cdnSnapshots.get(cdn.id);
  const doc = stored ? (JSON.parse(stored.crconfig) as CrConfig) : ({} as Partial<CrConfig>);
  return { ...doc, stats: { ...doc.stats, tm_path: `/api/4.0/cdns/${cdn.name}/snapshot` } } as CrConfig;
}

/** GET cdns/:name/snapshot/new: the CRConfig built from the live data, stored nowhere. */
export async function pendingCrConfig(ctx: AppContext, principal: Principal, name: string): Promise<CrConfig> {
  const cdn = await cdnNamed(ctx, name);
  return buildCrConfig(await loadTopology(ctx, cdn), {
    now: ctx.clock(),
    user: principal.username,
    version: CDNCTL_VERSION,
    tmPath: `/tools/write_crconfig/${cdn.name}`,
  });
}

/** GET cdns/:name/configs/monitoring: the published monitoring configuration, built live when none was. */
export async function monitoringConfig(ctx: AppContext, name: string): Promise<MonitoringConfig> {
  const cdn = await cdnNamed(ctx, name);
  const stored = await ctx.store.cdnSnapshots.get(cdn.id);
  if (stored) return JSON.parse(stored.monitoring) as MonitoringConfig;
  return buildMonitoring(await loadTopology(ctx, cdn));
}

/** The CDN a publish names: by id (PUT cdns/:id/snapshot) or by name (PUT snapshot/:cdn), with Traffic Ops' texts. */
export async function cdnToPublish(ctx: AppContext, ref: { id: string } | { name: string }): Promise<Cdn> {
  if ('name' in ref) return cdnNamed(ctx, ref.name, SNAPSHOT_TEXTS.noName);
  const id = toInteger(ref.id);
  if (id === null) throw badRequest(SNAPSHOT_TEXTS.badId);
  const cdn = await ctx.store.cdns.byId(id);
  if (!cdn) throw notFound(SNAPSHOT_TEXTS.noId);
  return cdn;
}

/**
 * Publishes a CDN's configuration: builds the CRConfig and the monitoring configuration from the live data and
 * stores both, with the change-log entry, in one transaction. Answers what was published.
 */
export async function publishSnapshot(
  ctx: AppContext,
  principal: Principal,
  cdn: Cdn,
): Promise<{ crconfig: CrConfig; monitoring: MonitoringConfig }> {
  const topology = await loadTopology(ctx, cdn);
  const now = ctx.clock();
  const crconfig = buildCrConfig(topology, { now, user: principal.username, version: CDNCTL_VERSION });
  const monitoring = buildMonitoring(topology);
  const change = changeAs(ctx, principal, SNAPSHOT_TEXTS.logged(cdn), await cdnTenants(ctx, cdn.id));
  await ctx.store.cdnSnapshots.put(
    { cdnId: cdn.id, crconfig: JSON.stringify(crconfig), monitoring: JSON.stringify(monitoring), lastUpdated: now },
    change,
  );
  return { crconfig, monitoring };
}

/** GET cdns/:name/snapshot/diff (ours): what a publish now would change, per section. */
export async function snapshotDiff(ctx: AppContext, principal: Principal, name: string): Promise<SnapshotDiff> {
  const cdn = await cdnNamed(ctx, name);
  const topology = await loadTopology(ctx, cdn);
  const pending = {
    crconfig: buildCrConfig(topology, { now: ctx.clock(), user: principal.username, version: CDNCTL_VERSION }),
    monitoring: buildMonitoring(topology),
  };
  const stored = await ctx.store.cdnSnapshots.get(cdn.id);
  const published = stored
    ? {
        crconfig: JSON.parse(stored.crconfig) as CrConfig,
        monitoring: JSON.parse(stored.monitoring) as MonitoringConfig,
        at: new Date(stored.lastUpdated).toISOString(),
      }
    : null;
  return diffSnapshots(cdn.name, published, pending);
}
