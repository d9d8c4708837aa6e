import type { Command } from 'commander';
import { CliError, EXIT } from '../errors.js';
import type { HttpClient } from '../../shared/client/http.js';
import {
  createParameter,
  deleteParameter,
  linkParameter,
  listParameters,
  unlinkParameter,
  updateParameter,
  type Parameter,
  type ParameterBody,
} from '../../shared/client/parameters.js';
import { messageOutput, recordOutput, tableOutput, type Column, type Output } from '../output/format.js';
import { positiveInt } from './common/parse.js';
import { profileId } from './common/resolve.js';
import { confirmDestructive, destructiveOptions, type DestructiveFlags } from './common/confirm.js';
import type { Invocation } from './common/invocation.js';
import { addNoun, addVerb, type VerbSpec } from './common/verb.js';
import { writeOutput } from './common/write.js';

/* `cdnctl params list|get|create|update|delete|link|unlink` (issue 31). */

const API = { min: '1.1' } as const;

const COLUMNS: Column<Parameter>[] = [
  { header: 'ID', value: (p) => p.id },
  { header: 'NAME', value: (p) => p.name },
  { header: 'CONFIG FILE', value: (p) => p.configFile },
  { header: 'VALUE', value: (p) => p.value },
  { header: 'SECURE', value: (p) => p.secure },
  { header: 'PROFILES', value: (p) => p.profiles.join(', '), wide: true },
  { header: 'LAST UPDATED', value: (p) => p.lastUpdated, wide: true },
];

const preview = (inv: Invocation, data: unknown, sentence: string): Output => {
  inv.printer.note('dry run: nothing was changed');
  return messageOutput({ dryRun: true, ...(data as object) }, sentence);
};

async function findParameter(http: HttpClient, id: number): Promise<Parameter> {
  const [parameter] = (await listParameters(http, { id })).response;
  if (!parameter) throw new CliError(`parameter ${id} not found`, EXIT.ERROR, 'list them with: cdnctl params list');
  return parameter;
}

interface ListFlags {
  name?: string;
  configFile?: string;
  value?: string;
  secure?: boolean;
}

const listVerb: VerbSpec<ListFlags> = {
  name: 'list',
  description: 'List parameters (secure values are masked unless you are an admin)',
  examples: ['cdnctl params list', 'cdnctl params list --config-file records.config -o json'],
  api: API,
  configure: (c) =>
    c
      .option('--name <name>', 'only parameters with this name')
      .option('--config-file <file>', 'only parameters of this config file')
      .option('--value <value>', 'only parameters with this value')
      .option('--secure', 'only secure parameters'),
  run: async (inv, _args, flags) => {
    const { response } = await listParameters(await inv.client(), { ...flags });
    return tableOutput(response, response, COLUMNS, 'No parameters found.');
  },
};

const getVerb: VerbSpec = {
  name: 'get <id>',
  description: 'Show one parameter',
  examples: ['cdnctl params get 12', 'cdnctl params get 12 -o json'],
  api: API,
  run: async (inv, [id]: string[]) => {
    const parameter = await findParameter(await inv.client(), positiveInt(id));
    return recordOutput([parameter], Object.entries(parameter));
  },
};

interface FieldFlags {
  name?: string;
  configFile?: string;
  value?: string;
  secure?: boolean;
  dryRun?: boolean;
}

function fieldOptions(command: Command, required: boolean): Command {
  const option = (flags: string, text: string) =>
    required ? command.requiredOption(flags, text) : command.option(flags, text);
  option('--name <name>', 'parameter name');
  option('--config-file <file>', 'the configuration file it belongs to');
  return command
    .option('--value <value>', 'its value (default: empty)')
    .option('--secure', 'mask the value for everyone but admins')
    .option('--no-secure', 'show the value to every reader')
    .option('--dry-run', 'print what would be sent; change nothing');
}

const createVerb: VerbSpec<FieldFlags> = {
  name: 'create',
  description: 'Create a parameter (admin or operations role)',
  examples: ['cdnctl params create --name CONFIG proxy.config.x --config-file records.config --value "INT 1"'],
  api: API,
  configure: (c) => fieldOptions(c, true),
  run: async (inv, _args, flags) => {
    const body: ParameterBody = {
      name: flags.name as string,
      configFile: flags.configFile as string,
      value: flags.value ?? '',
      secure: flags.secure ?? false,
    };
    if (flags.dryRun)
      return preview(inv, { method: 'POST', path: '/parameters', body }, `Would create parameter ${body.name}`);
    const result = await createParameter(await inv.client(), body);
    return writeOutput(
      inv,
      result,
      `Created parameter ${result.response.name} (id ${result.response.id})`,
      result.response,
    );
  },
};

const updateVerb: VerbSpec<FieldFlags> = {
  name: 'update <id>',
  description: 'Change some fields of a parameter; caches whose profile holds it get queued updates',
  examples: ['cdnctl params update 12 --value "INT 2"', 'cdnctl params update 12 --secure --dry-run'],
  api: API,
  configure: (c) => fieldOptions(c, false),
  run: async (inv, [id]: string[], flags) => {
    const { dryRun, ...fields } = flags;
    if (Object.values(fields).every((v) => v === undefined))
      throw new CliError(
        'nothing to update: give at least one field flag',
        EXIT.USAGE,
        'see: cdnctl params update --help',
      );
    const http = await inv.client();
    const current = await findParameter(http, positiveInt(id));
    if (current.secure && current.value === '********' && fields.value === undefined)
      throw new CliError('the value is masked: give --value to update a secure parameter', EXIT.USAGE);
    const body: ParameterBody = {
      name: fields.name ?? current.name,
      configFile: fields.configFile ?? current.configFile,
      value: fields.value ?? current.value,
      secure: fields.secure ?? current.secure,
    };
    const path = `/parameters/${current.id}`;
    if (dryRun) return preview(inv, { method: 'PUT', path, body }, `Would update parameter ${current.id}`);
    const result = await updateParameter(http, current.id, body);
    return writeOutput(inv, result, `Updated parameter ${result.response.name} (id ${current.id})`, result.response);
  },
};

const deleteVerb: VerbSpec<DestructiveFlags> = {
  name: 'delete <id>',
  description: 'Delete a parameter no profile holds; asks first, needs --yes off a terminal',
  examples: ['cdnctl params delete 12', 'cdnctl params delete 12 --yes', 'cdnctl params delete 12 --dry-run'],
  api: API,
  configure: (c) => destructiveOptions(c),
  run: async (inv, [id]: string[], flags) => {
    const http = await inv.client();
    const parameter = await findParameter(http, positiveInt(id));
    const label = `parameter ${parameter.name} (id ${parameter.id})`;
    if (flags.dryRun) return preview(inv, { delete: parameter }, `Would delete ${label}`);
    await confirmDestructive(inv.printer, { description: `delete ${label}`, typeToConfirm: parameter.name }, flags);
    return writeOutput(inv, await deleteParameter(http, parameter.id), `Deleted ${label}`);
  },
};

const linkVerb: VerbSpec<{ dryRun?: boolean }> = {
  name: 'link <id> <profile>',
  description: "Add a parameter to a profile (the profile's caches get queued updates)",
  examples: ['cdnctl params link 12 EDGE_PROFILE1'],
  api: API,
  configure: (c) => c.option('--dry-run', 'say what would be done; change nothing'),
  run: async (inv, [id, profile]: string[], flags) => {
    const http = await inv.client();
    const parameterId = positiveInt(id);
    const profileRef = await profileId(http, profile);
    const body = { profileId: profileRef, parameterId };
    if (flags.dryRun)
      return preview(
        inv,
        { method: 'POST', path: '/profileparameters', body },
        `Would link parameter ${id} to ${profile}`,
      );
    const result = await linkParameter(http, profileRef, parameterId);
    return writeOutput(inv, result, `Linked parameter ${id} to profile ${profile}`, result.response);
  },
};

const unlinkVerb: VerbSpec<DestructiveFlags> = {
  name: 'unlink <id> <profile>',
  description: "Remove a parameter from a profile (the profile's caches get queued updates); asks first",
  examples: ['cdnctl params unlink 12 EDGE_PROFILE1 --yes'],
  api: API,
  configure: (c) => destructiveOptions(c),
  run: async (inv, [id, profile]: string[], flags) => {
    const http = await inv.client();
    const parameterId = positiveInt(id);
    const profileRef = await profileId(http, profile);
    const description = `unlink parameter ${parameterId} from profile ${profile}`;
    if (flags.dryRun) return preview(inv, { unlink: { profileId: profileRef, parameterId } }, `Would ${description}`);
    await confirmDestructive(inv.printer, { description }, flags);
    return writeOutput(
      inv,
      await unlinkParameter(http, profileRef, parameterId),
      `Unlinked parameter ${parameterId} from profile ${profile}`,
    );
  },
};

/** `cdnctl params list|get|create|update|delete|link|unlink`. */
export function registerParams(program: Command): void {
  const params = addNoun(program, 'params', 'Parameters: the settings profiles give caches', ['cdnctl params list']);
  for (const verb of [listVerb, getVerb, createVerb, updateVerb, deleteVerb, linkVerb, unlinkVerb])
    addVerb(params, verb as VerbSpec<object>);
}
