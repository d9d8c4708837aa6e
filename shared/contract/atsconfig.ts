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

/** One file of the whole set (GET servers/:host-or-id/configfiles/ats/all, issue 32): the list's entry and its text. */
export const atsConfigFileWithTextSchema = record({
  fnameOnDisk: text,
  location: text,
  apiUri: text,
  scope: atsFileScopeSchema,
  /** Base64 of the SHA-512 of `text` (as the file's own URI sends in Whole-Content-SHA512). */
  checksum: text,
  text,
});
export type AtsConfigFileWithText = FromSchema<typeof atsConfigFileWithTextSchema>;

/** Every file of one cache in one answer: the list's `info`, and each listed file with its text. */
export const atsConfigFileSetSchema = record({
  info: atsConfigFilesInfoSchema,
  configFiles: list(atsConfigFileWithTextSchema),
});
export type AtsConfigFileSet = FromSchema<typeof atsConfigFileSetSchema>;
