import type { AppContext } from '../../context.js';
import type { LocationParams } from '../../store/cachegroups.js';
import type { DeliveryService } from '../../store/deliveryservices.js';
import { DEFAULT_LOCATION } from '../../atsconfig/file-list.js';

/**
 * The `location` parameters Traffic Ops kept for a delivery service's own config files (reference §2.3, §5.3 step
 * 4, §5.5): one function for cache-group assignment and the delivery-service create, update and delete.
 */

/** What decides a delivery service's location parameters. */
export type LocationFields = Pick<
  DeliveryService,
  | 'xmlId'
  | 'cdnId'
  | 'typeName'
  | 'edgeHeaderRewrite'
  | 'midHeaderRewrite'
  | 'regexRemap'
  | 'cacheurl'
  | 'signingAlgorithm'
  | 'maxOriginConnections'
>;

/** Types whose content the MID tier does not carry (Traffic Ops' `UsesMidCache`). */
const NO_MID_TIER = new Set(['ANY_MAP', 'HTTP_NO_CACHE', 'HTTP_LIVE', 'DNS_LIVE']);
const isLocalLive = (type: string) => /_LIVE$/.test(type);

/** Which of the service's files need a `location` parameter: [file, needed, on the CDN's MID profiles]. */
export function locationFiles(ds: LocationFields): Array<[string, boolean, boolean]> {
  const limited = (ds.maxOriginConnections ?? 0) > 0;
  const mids = !NO_MID_TIER.has(ds.typeName);
  return [
    [`hdr_rw_${ds.xmlId}.config`, Boolean(ds.edgeHeaderRewrite) || (limited && !mids), false],
    [
      `hdr_rw_mid_${ds.xmlId}.config`,
      !isLocalLive(ds.typeName) && (Boolean(ds.midHeaderRewrite) || (limited && mids)),
      true,
    ],
    [`regex_remap_${ds.xmlId}.config`, Boolean(ds.regexRemap), false],
    [`cacheurl_${ds.xmlId}.config`, Boolean(ds.cacheurl), false],
    [`url_sig_${ds.xmlId}.config`, ds.signingAlgorithm === 'url_sig', false],
  ];
}

/** The profiles of the MID caches of a CDN (where hdr_rw_mid_ parameters go). */
async function midProfiles(ctx: AppContext, cdnId: number): Promise<number[]> {
  const mids = (await ctx.store.servers.list({ cdn: cdnId }, null)).filter((s) => s.type.startsWith('MID'));
  return [...new Set(mids.map((s) => s.profileId))];
}

/**
 * The location parameters of `services`: where remap.config goes (its `location` parameter, without the final
 * `/`; cdnctl's default place when there is none), linked to `profileIds` (the profiles of the servers assigned
 * to them), the MID header-rewrite file's to every MID profile of the service's CDN; a file the service does not
 * need loses its parameter. With `remove`, every file of the services loses it (delete).
 */
export async function locationParams(
  ctx: AppContext,
  services: readonly LocationFields[],
  profileIds: readonly number[],
  remove = false,
): Promise<LocationParams> {
  const remap = (await ctx.store.places.parametersOf('remap.config')).find((p) => p.name === 'location');
  const where = (remap?.value ?? DEFAULT_LOCATION).replace(/\/$/, '');
  const mids = new Map<number, number[]>();
  const files: LocationParams['files'] = [];
  for (const ds of services) {
    for (const [configFile, needed, onMids] of locationFiles(ds)) {
      if (remove || !needed) {
        files.push({ configFile, value: null });
        continue;
      }
      if (!onMids) {
        files.push({ configFile, value: where });
        continue;
      }
      if (!mids.has(ds.cdnId)) mids.set(ds.cdnId, await midProfiles(ctx, ds.cdnId));
      files.push({ configFile, value: where, profileIds: mids.get(ds.cdnId) });
    }
  }
  return { profileIds: [...new Set(profileIds)], files };
}

/** The profiles of the servers assigned to a delivery service. */
export async function assignedProfiles(ctx: AppContext, deliveryServiceId: number): Promise<number[]> {
  const servers = await ctx.store.servers.list({ dsId: deliveryServiceId }, null);
  return [...new Set(servers.map((s) => s.profileId))];
}
