// The list of a cache's configuration files (GET servers/:host-or-id/configfiles/ats), as Traffic Ops 1.x answered
// it: a bare object, no `response` envelope.
import { int, list, record, text, type FromSchema } from './schema.js';

/** Which URI serves a file: the server's own, its profile's or its CDN's. */
export const atsFileScopeSchema = { type: 'string', enum: ['servers', 'profiles', 'cdns'] } as const;
export type AtsFileScope = FromSchema<typeof atsFileScopeSchema>;

/** One entry of `configFiles`. */
export const atsConfigFileEntrySchema = record({
  fnameOnDisk: text,
  location: text,
  apiUri: text,
  scope: atsFileScopeSchema,
});
export type AtsConfigFileEntry = FromSchema<typeof atsConfigFileEntrySchema>;

/** The `info` object. */
export const atsConfigFilesInfoSchema = record({
  cdnId: int,
  cdnName: text,
  profileId: int,
  profileName: text,
  serverId: int,
  serverName: text,
  serverIpv4: text,
  serverTcpPort: int,
  toUrl: text,
  toRevProxyUrl: text,
});
export type AtsConfigFilesInfo = FromSchema<typeof atsConfigFilesInfoSchema>;

export const atsConfigFilesSchema = record({
  info: atsConfigFilesInfoSchema,
  configFiles: list(atsConfigFileEntrySchema),
});
export type AtsConfigFiles = FromSchema<typeof atsConfigFilesSchema>;
