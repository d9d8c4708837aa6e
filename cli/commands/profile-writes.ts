import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { CliError, EXIT } from '../errors.js';
import type { HttpClient } from '../../shared/client/http.js';
import { listCdns } from '../../shared/client/cdns.js';
import {
  copyProfile,
  createProfile,
  deleteProfile,
  exportProfile,
  getProfile,
  importProfile,
  updateProfile,
  type Profile,
  type ProfileBody,
} from '../../shared/client/profiles.js';
import type { ProfileExport } from '../../shared/contract/parameters.js';
import { PROFILE_TYPES } from '../../shared/rules/profiles.js';
import { messageOutput, type Output } from '../output/format.js';
import { asId } from './common/parse.js';
import { profileId } from './common/resolve.js';
import { confirmDestructive, destructiveOptions, type DestructiveFlags } from './common/confirm.js';
import type { Invocation } from './common/invocation.js';
import { addVerb, type VerbSpec } from './common/verb.js';
import { writeOutput } from './common/write.js';

/* `cdnctl profiles create|update|delete|copy|export|import` (issue 31). */

interface FieldFlags {
  name?: string;
  description?: string;
  cdn?: string;
  type?: string;
  routingDisabled?: boolean;
  dryRun?: boolean;
}

async function cdnId(http: HttpClient, ref: string): Promise<number> {
  const id = asId(ref);
  if (id !== null) return id;
  const cdn = (await listCdns(http, { name: ref })).response.find((c) => c.name === ref);
  if (!cdn) throw new CliError(`CDN "${ref}" not found`, EXIT.ERROR, 'list them with: cdnctl cdns list');
  return cdn.id;
}

function fieldOptions(command: Command, required: boolean): Command {
  const option = (flags: string, text: string) =>
    required ? command.requiredOption(flags, text) : command.option(flags, text);
  option('--name <name>', 'profile name');
  option('--description <text>', 'what the profile is for');
  option('--cdn <name|id>', 'the CDN it belongs to');
  option('--type <type>', `profile type (${PROFILE_TYPES.slice(0, 3).join(', ')}, …)`);
  return command
    .option('--routing-disabled', 'Traffic Router sends no traffic to servers with this profile')
    .option('--dry-run', 'print what would be sent; change nothing');
}

/** A preview of a write: what would be sent where. */
function preview(inv: Invocation, method: string, path: string, body: unknown, sentence: string): Output {
  inv.printer.note('dry run: nothing was changed');
  return messageOutput({ dryRun: true, method, path, body }, sentence);
}

async function findProfile(http: HttpClient, ref: string): Promise<Profile> {
  const [profile] = (await getProfile(http, await profileId(http, ref))).response;
  if (!profile) throw new CliError(`profile "${ref}" not found`, EXIT.ERROR, 'list them with: cdnctl profiles list');
  return profile;
}

const createVerb: VerbSpec<FieldFlags> = {
  name: 'create',
  description: 'Create a profile (admin or operations role)',
  examples: ['cdnctl profiles create --name EDGE2 --description "edge caches" --cdn cdn1 --type ATS_PROFILE'],
  api: { min: '1.1' },
  configure: (c) => fieldOptions(c, true),
  run: async (inv, _args, flags) => {
    const http = await inv.client();
    const body: ProfileBody = {
      name: flags.name as string,
      description: flags.description as string,
      cdn: await cdnId(http, flags.cdn as string),
      type: flags.type as string,
      routingDisabled: flags.routingDisabled ?? false,
    };
    if (flags.dryRun) return preview(inv, 'POST', '/profiles', body, `Would create profile ${body.name}`);
    const result = await createProfile(http, body);
    return writeOutput(
      inv,
      result,
      `Created profile ${result.response.name} (id ${result.response.id})`,
      result.response,
    );
  },
};

const updateVerb: VerbSpec<FieldFlags> = {
  name: 'update <id|name>',
  description: 'Change some fields of a profile; the others keep their values',
  examples: [
    'cdnctl profiles update EDGE2 --description "edge caches, west"',
    'cdnctl profiles update 9 --type ATS_PROFILE --dry-run',
  ],
  api: { min: '1.1' },
  configure: (c) => fieldOptions(c, false),
  run: async (inv, [ref]: string[], flags) => {
    const { dryRun, ...fields } = flags;
    if (Object.values(fields).every((v) => v === undefined))
      throw new CliError(
        'nothing to update: give at least one field flag',
        EXIT.USAGE,
        'see: cdnctl profiles update --help',
      );
    const http = await inv.client();
    const current = await findProfile(http, ref);
    const body: ProfileBody = {
      name: fields.name ?? current.name,
      description: fields.description ?? current.description,
      cdn: fields.cdn === undefined ? current.cdn : await cdnId(http, fields.cdn),
      type: fields.type ?? current.type,
      routingDisabled: fields.routingDisabled ?? current.routingDisabled,
    };
    const path = `/profiles/${current.id}`;
    if (dryRun) return preview(inv, 'PUT', path, body, `Would update profile ${current.name} (id ${current.id})`);
    const result = await updateProfile(http, Number(current.id), body);
    return writeOutput(
      inv,
      result,
      `Updated profile ${result.response.name} (id ${result.response.id})`,
      result.response,
    );
  },
};

const deleteVerb: VerbSpec<DestructiveFlags> = {
  name: 'delete <id|name>',
  description: 'Delete a profile no server, delivery service or origin uses; asks first, needs --yes off a terminal',
  examples: [
    'cdnctl profiles delete EDGE2',
    'cdnctl profiles delete 9 --yes',
    'cdnctl profiles delete EDGE2 --dry-run',
  ],
  api: { min: '1.1' },
  configure: (c) => destructiveOptions(c),
  run: async (inv, [ref]: string[], flags) => {
    const http = await inv.client();
    const profile = await findProfile(http, ref);
    const label = `profile ${profile.name} (id ${profile.id})`;
    if (flags.dryRun) {
      inv.printer.note('dry run: nothing was changed');
      return messageOutput({ dryRun: true, delete: profile }, `Would delete ${label}`);
    }
    await confirmDestructive(inv.printer, { description: `delete ${label}`, typeToConfirm: profile.name }, flags);
    return writeOutput(inv, await deleteProfile(http, Number(profile.id)), `Deleted ${label}`);
  },
};

const copyVerb: VerbSpec<{ dryRun?: boolean }> = {
  name: 'copy <existing> <new>',
  description: 'Copy a profile and its parameter links under a new name',
  examples: ['cdnctl profiles copy EDGE_PROFILE1 EDGE_PROFILE2'],
  api: { min: '1.1' },
  configure: (c) => c.option('--dry-run', 'say what would be done; change nothing'),
  run: async (inv, [existing, name]: string[], flags) => {
    const path = `/profiles/name/${name}/copy/${existing}`;
    if (flags.dryRun) return preview(inv, 'POST', path, null, `Would copy profile ${existing} to ${name}`);
    const result = await copyProfile(await inv.client(), name, existing);
    return writeOutput(
      inv,
      result,
      `Copied profile ${existing} to ${name} (id ${result.response.id})`,
      result.response,
    );
  },
};

const exportVerb: VerbSpec = {
  name: 'export <id|name>',
  description: "Print a profile and its parameters in Traffic Ops' export format (JSON)",
  examples: ['cdnctl profiles export EDGE_PROFILE1 > edge.json'],
  api: { min: '1.1' },
  run: async (inv, [ref]: string[]) => {
    const http = await inv.client();
    const doc = await exportProfile(http, await profileId(http, ref));
    return messageOutput(doc, JSON.stringify(doc, null, 2));
  },
};

const importVerb: VerbSpec<{ dryRun?: boolean; name?: string }> = {
  name: 'import <file>',
  description: "Import a profile from Traffic Ops' export format (a file, or - for stdin)",
  examples: ['cdnctl profiles import edge.json', 'cdnctl profiles import edge.json --name EDGE_WEST --dry-run'],
  api: { min: '1.1' },
  configure: (c) =>
    c
      .option('--name <name>', "import under this name instead of the file's")
      .option('--dry-run', 'print what would be sent'),
  run: async (inv, [file]: string[], flags) => {
    const text = readFileSync(file === '-' ? 0 : file, 'utf8');
    let doc: ProfileExport;
    try {
      doc = JSON.parse(text) as ProfileExport;
    } catch {
      throw new CliError(`${file}: not JSON`, EXIT.USAGE);
    }
    if (flags.name !== undefined && typeof doc.profile === 'object' && doc.profile !== null)
      doc.profile.name = flags.name;
    const name = doc.profile?.name ?? '?';
    if (flags.dryRun) return preview(inv, 'POST', '/profiles/import', doc, `Would import profile ${name}`);
    const result = await importProfile(await inv.client(), doc);
    const sentence = result.alerts.find((a) => a.level === 'success')?.text ?? `Imported profile ${name}`;
    return writeOutput(inv, result, sentence, result.response);
  },
};

/** Adds the write verbs to `cdnctl profiles`. */
export function addProfileWrites(profiles: Command): void {
  for (const verb of [createVerb, updateVerb, deleteVerb, copyVerb, exportVerb, importVerb])
    addVerb(profiles, verb as VerbSpec<object>);
}
