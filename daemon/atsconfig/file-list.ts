import type { AtsServerContext } from './context.js';
import { dsFiles } from './ds-files.js';
import { isMid, paramValue } from './header.js';
import type {
  AtsConfigFileEntry,
  AtsConfigFiles,
  AtsConfigFilesInfo,
  AtsFileScope,
} from '../../shared/contract/atsconfig.js';

/** The file list's records: their one definition is the schema in the contract. */
export type { AtsConfigFileEntry, AtsConfigFiles, AtsConfigFilesInfo, AtsFileScope };

/** Where ATS reads its configuration on Debian, when the profile has no `location` parameter for a file. */
export const DEFAULT_LOCATION = '/etc/trafficserver';

/** The files every cache gets, with their scope (Traffic Ops 1.x); per-delivery-service files come on top. */
const BASE_FILES: ReadonlyArray<[string, AtsFileScope]> = [
  ['cache.config', 'profiles'],
  ['hosting.config', 'servers'],
  ['ip_allow.yaml', 'servers'],
  ['logging.yaml', 'profiles'],
  ['parent.config', 'servers'],
  ['plugin.config', 'profiles'],
  ['records.config', 'profiles'],
  ['regex_revalidate.config', 'cdns'],
  ['remap.config', 'servers'],
  ['storage.config', 'profiles'],
  ['volume.config', 'profiles'],
];

const PROFILE_SCOPED_DS_FILES = new Set(['drop_qstring.config']);

/** The names and scopes of every file the server installs, in name order. */
export function atsFileNames(
  ctx: Pick<AtsServerContext, 'server' | 'deliveryServices' | 'cdn' | 'version'>,
): Array<[string, AtsFileScope]> {
  const files = BASE_FILES.map(([name, scope]): [string, AtsFileScope] =>
    name === 'cache.config' && isMid(ctx.server) ? [name, 'servers'] : [name, scope],
  );
  for (const { fileName } of dsFiles(ctx))
    files.push([fileName, PROFILE_SCOPED_DS_FILES.has(fileName) ? 'profiles' : 'cdns']);
  return files.sort(([a], [b]) => (a < b ? -1 : 1));
}

function apiUri(
  ctx: Pick<AtsServerContext, 'server' | 'cdn'>,
  apiVersion: string,
  scope: AtsFileScope,
  file: string,
): string {
  const owner = scope === 'servers' ? ctx.server.hostName : scope === 'profiles' ? ctx.server.profile : ctx.cdn.name;
  return `/api/${apiVersion}/${scope}/${encodeURIComponent(owner)}/configfiles/ats/${encodeURIComponent(file)}`;
}

/**
 * The body of `GET /api/<apiVersion>/servers/:host-or-id/configfiles/ats`: the server's identity and each file
 * with where it goes on disk (the profile's `location` parameter for it, per-service files beside
 * remap.config) and the URI that serves it.
 */
export function atsConfigFiles(
  ctx: Pick<AtsServerContext, 'server' | 'deliveryServices' | 'cdn' | 'params' | 'version'>,
  apiVersion: string,
  toUrl: string,
): AtsConfigFiles {
  const remapDir = paramValue(ctx.params, 'remap.config', 'location') ?? DEFAULT_LOCATION;
  const configFiles = atsFileNames(ctx).map(([file, scope]) => ({
    fnameOnDisk: file,
    location: BASE_FILES.some(([name]) => name === file)
      ? (paramValue(ctx.params, file, 'location') ?? DEFAULT_LOCATION)
      : remapDir,
    apiUri: apiUri(ctx, apiVersion, scope, file),
    scope,
  }));
  const { server, cdn } = ctx;
  const info = {
    cdnId: cdn.id,
    cdnName: cdn.name,
    profileId: server.profileId,
    profileName: server.profile,
    serverId: server.id,
    serverName: server.hostName,
    serverIpv4: server.ipAddress,
    serverTcpPort: server.tcpPort,
    toUrl,
    toRevProxyUrl: '',
  };
  return { info, configFiles };
}
