// The parameter and profile-link records of the API (issue 31), shared by the daemon and the CLI client.
import {
  alertedEnvelope,
  bool,
  int,
  list,
  nullableText,
  record,
  text,
  textList,
  type FromSchema,
  type JsonSchema,
} from './schema.js';

/** A parameter of GET parameters (Traffic Ops' Parameter): a secure value reads `********` below admin. */
export const parameterSchema = record({
  configFile: text,
  id: int,
  lastUpdated: text,
  name: text,
  profiles: textList,
  secure: bool,
  value: text,
});
export type ParameterRecord = FromSchema<typeof parameterSchema>;

/** A link of GET profileparameters: the profile's name and the parameter's id. */
export const profileParameterLinkSchema = record({ lastUpdated: text, profile: text, parameter: int });
export type ProfileParameterLinkRecord = FromSchema<typeof profileParameterLinkSchema>;

/** The echo of POST profileparameters. */
export const profileParameterEchoSchema = record({
  lastUpdated: nullableText,
  profile: nullableText,
  profileId: int,
  parameter: nullableText,
  parameterId: int,
});
export type ProfileParameterEcho = FromSchema<typeof profileParameterEchoSchema>;

/** A parameter in the answer of POST profiles/{id|name}/parameters: `secure` as 0 or 1. */
export const postedParameterSchema = record({ configFile: text, name: text, secure: int, value: text, id: int });
export type PostedParameterRecord = FromSchema<typeof postedParameterSchema>;

/** The answer of POST profiles/{id|name}/parameters. */
export const profileParametersPostedSchema = record({
  parameters: list(postedParameterSchema),
  profileId: int,
  profileName: text,
});
export type ProfileParametersPosted = FromSchema<typeof profileParametersPostedSchema>;

/** A profile export (GET profiles/{id}/export), and the body of POST profiles/import. */
export interface ProfileExport {
  profile: { name: string; description: string; cdn: string; type: string };
  parameters: Array<{ config_file: string; name: string; value: string }>;
}

/** The answer of GET profiles/{id}/export: the export, and `alerts` null as Traffic Ops wrote it. */
export const profileExportAnswerSchema = record({
  profile: record({ name: text, description: text, cdn: text, type: text }),
  parameters: list(record({ config_file: text, name: text, value: text })),
  alerts: { type: 'null' },
});

/** The echo of POST profileparameter (parameters assigned to one profile). */
export const assignedParametersSchema = record({ profileId: int, paramIds: list(int), replace: bool });

/** The echo of POST parameterprofile (profiles assigned to one parameter). */
export const assignedProfilesSchema = record({ paramId: int, profileIds: list(int), replace: bool });

/** An answer that echoes the one record created, or `null` when a list of them was. */
export const oneOrManyCreated = <const R extends JsonSchema>(one: R) =>
  ({ anyOf: [alertedEnvelope(one), alertedEnvelope({ type: 'null' })] }) as const;

/** The answer of POST profiles/import. */
export const importedProfileSchema = record({ name: text, description: text, cdn: text, type: text, id: int });
export type ImportedProfile = FromSchema<typeof importedProfileSchema>;

/** The answer of POST profiles/name/{new}/copy/{existing}. */
export const copiedProfileSchema = record({
  id: int,
  name: text,
  idCopyFrom: int,
  profileCopyFrom: text,
  description: text,
});
export type CopiedProfile = FromSchema<typeof copiedProfileSchema>;
