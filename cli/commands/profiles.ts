import type { Command } from 'commander';
import { CliError, EXIT } from '../errors.js';
import {
  getProfile,
  listProfileParameters,
  listProfiles,
  listTrimmedProfiles,
  type Profile,
  type ProfileParameter,
} from '../../shared/client/profiles.js';
import { recordOutput, tableOutput, type Column } from '../output/format.js';
import { profileId, profileNotFound } from './common/resolve.js';
import { ApiError } from '../../shared/client/errors.js';
import { addNoun, addVerb, type VerbSpec } from './common/verb.js';
import { addProfileWrites } from './profile-writes.js';

const COLUMNS: Column<Profile>[] = [
  { header: 'ID', value: (p) => p.id },
  { header: 'NAME', value: (p) => p.name },
  { header: 'DESCRIPTION', value: (p) => p.description },
  { header: 'LAST UPDATED', value: (p) => p.lastUpdated, wide: true },
];

const PARAMETER_COLUMNS: Column<ProfileParameter>[] = [
  { header: 'NAME', value: (p) => p.name },
  { header: 'CONFIG FILE', value: (p) => p.configFile },
  { header: 'VALUE', value: (p) => p.value },
  { header: 'SECURE', value: (p) => String(p.secure), wide: true },
];

const profilesList: VerbSpec<{ name?: string; cdn?: string }> = {
  name: 'list',
  description: 'List the profiles',
  examples: ['cdnctl profiles list', 'cdnctl profiles list --cdn cdn1 -o json'],
  api: { min: '1.1' },
  configure: (c) =>
    c.option('--name <name>', 'only this profile').option('--cdn <name|id>', 'only profiles of this CDN'),
  run: async (inv, _args, flags) => {
    const { response } = await listProfiles(await inv.client(), { name: flags.name, cdn: flags.cdn });
    return tableOutput(response, response, COLUMNS, 'No profiles found.');
  },
};

const profilesGet: VerbSpec = {
  name: 'get <id|name>',
  description: 'Show one profile',
  examples: ['cdnctl profiles get 3', 'cdnctl profiles get ORG_PROFILE1 -o json'],
  api: { min: '1.1' },
  run: async (inv, [ref]: string[]) => {
    const http = await inv.client();
    const { response } = await getProfile(http, await profileId(http, ref));
    if (response.length === 0)
      throw new CliError(`profile "${ref}" not found`, EXIT.ERROR, 'list them with: cdnctl profiles list');
    return recordOutput(response, Object.entries(response[0]));
  },
};

const profilesTrimmed: VerbSpec = {
  name: 'trimmed',
  list: true,
  description: 'List profile names only',
  examples: ['cdnctl profiles trimmed', 'cdnctl profiles trimmed -o json'],
  api: { min: '1.1' },
  run: async (inv) => {
    const { response } = await listTrimmedProfiles(await inv.client());
    return tableOutput(
      response,
      response,
      [{ header: 'NAME', value: (p: { name: string }) => p.name }],
      'No profiles found.',
    );
  },
};

const profilesParameters: VerbSpec = {
  name: 'parameters <name>',
  list: true,
  description: "List a profile's parameters (secure values are masked unless you are an admin)",
  examples: ['cdnctl profiles parameters GLOBAL', 'cdnctl profiles parameters GLOBAL -o json'],
  api: { min: '1.1' },
  run: async (inv, [name]: string[]) => {
    const http = await inv.client();
    const { response } = await listProfileParameters(http, name).catch(async (err: unknown) => {
      throw err instanceof ApiError && err.status === 404 ? await profileNotFound(http, name) : err;
    });
    return tableOutput(response, response, PARAMETER_COLUMNS, `Profile ${name} has no parameters.`);
  },
};

/** `cdnctl profiles list|get|trimmed|parameters|create|update|delete|copy|export|import`. */
export function registerProfiles(program: Command): void {
  const profiles = addNoun(program, 'profiles', 'Profiles and their parameters', ['cdnctl profiles list']);
  addVerb(profiles, profilesList);
  addVerb(profiles, profilesGet);
  addVerb(profiles, profilesTrimmed);
  addVerb(profiles, profilesParameters);
  addProfileWrites(profiles);
}
