import type { Command } from 'commander';
import { CliError, EXIT } from '../../errors.js';
import type { HttpClient } from '../../../shared/client/http.js';
import { createPlace, deletePlace, listPlaces, updatePlace, type PlacePath } from '../../../shared/client/places.js';
import { messageOutput, recordOutput, tableOutput, type Column } from '../../output/format.js';
import { asId } from '../common/parse.js';
import { confirmDestructive, destructiveOptions, type DestructiveFlags } from '../common/confirm.js';
import { addNoun, addVerb } from '../common/verb.js';
import { writeOutput } from '../common/write.js';

/** One writable field: its flag, the API's key, and how the flag's text becomes the value sent. */
export interface FieldSpec {
  flag: string;
  key: string;
  description: string;
  required: boolean;
  /** How the text is sent (default: as it is); `resolve` turns a name or id into an id through the API. */
  parse?: (text: string) => unknown;
  resolve?: (http: HttpClient, text: string) => Promise<number>;
}

/** One table of the topology as a CLI noun (or sub-noun): `cdnctl statuses list`, `cdnctl locations regions get`. */
export interface TableSpec<R extends { id: number; name: string }> {
  /** The command's name, and the record's name in sentences (`region`). */
  command: string;
  what: string;
  /** Its plural (`statuses`). */
  whats: string;
  description: string;
  path: PlacePath;
  columns: Column<R>[];
  fields: FieldSpec[];
  /** The full command path for examples and hints (`cdnctl locations regions`). */
  usage: string;
  example: Record<string, string>;
}

const API = { min: '1.1' } as const;

/** The record an id or name names. */
async function find<R extends { id: number; name: string }>(http: HttpClient, spec: TableSpec<R>, ref: string) {
  const id = asId(ref);
  const { response } = await listPlaces<R>(http, spec.path, id === null ? { name: ref } : { id });
  if (response.length === 0) {
    throw new CliError(`${spec.what} "${ref}" not found`, EXIT.ERROR, `list them with: ${spec.usage} list`);
  }
  return response[0];
}

/** `--short-name` → `shortName` (commander's option attribute). */
const attribute = (flag: string) => flag.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());

function fieldOptions(command: Command, fields: FieldSpec[], creating: boolean): void {
  for (const f of fields) {
    const flags = `--${f.flag} <value>`;
    if (creating && f.required) command.requiredOption(flags, f.description);
    else command.option(flags, f.description);
  }
}

async function applyFields(http: HttpClient, fields: FieldSpec[], flags: Record<string, string | undefined>) {
  const body: Record<string, unknown> = {};
  for (const f of fields) {
    const text = flags[attribute(f.flag)];
    if (text === undefined) continue;
    body[f.key] = f.resolve ? await f.resolve(http, text) : f.parse ? f.parse(text) : text;
  }
  return body;
}

function readVerbs<R extends { id: number; name: string }>(noun: Command, spec: TableSpec<R>): void {
  addVerb<{ name?: string }>(noun, {
    name: 'list',
    description: `List the ${spec.whats}`,
    examples: [`${spec.usage} list`, `${spec.usage} list --filter name~${spec.example.name.slice(0, 3)} -o json`],
    api: API,
    configure: (c) => c.option('--name <name>', `only the ${spec.what} of this name`),
    run: async (inv, _args, flags) => {
      const { response } = await listPlaces<R>(await inv.client(), spec.path, { name: flags.name });
      return tableOutput(response, response, spec.columns, `No ${spec.whats} found.`);
    },
  });
  addVerb(noun, {
    name: 'get <id|name>',
    description: `Show one ${spec.what}`,
    examples: [`${spec.usage} get ${spec.example.name}`, `${spec.usage} get 3 -o yaml`],
    api: API,
    run: async (inv, [ref]: string[]) => {
      const record = await find(await inv.client(), spec, ref);
      return recordOutput([record], Object.entries(record));
    },
  });
}

const exampleFlags = (spec: TableSpec<{ id: number; name: string }>) =>
  Object.entries(spec.example)
    .map(([flag, value]) => `--${flag} ${/\s/.test(value) ? `'${value}'` : value}`)
    .join(' ');

function writeVerbs<R extends { id: number; name: string }>(noun: Command, spec: TableSpec<R>): void {
  addVerb<Record<string, string | undefined>>(noun, {
    name: 'create',
    description: `Create a ${spec.what} (admin or operations role)`,
    examples: [`${spec.usage} create ${exampleFlags(spec)}`],
    api: API,
    configure: (c) => fieldOptions(c, spec.fields, true),
    run: async (inv, _args, flags) => {
      const http = await inv.client();
      const result = await createPlace<R>(http, spec.path, await applyFields(http, spec.fields, flags));
      const r = result.response;
      return writeOutput(inv, result, `Created ${spec.what} ${r.name} (id ${r.id})`, r);
    },
  });
  addVerb<Record<string, string | undefined>>(noun, {
    name: 'update <id|name>',
    description: `Change some fields of a ${spec.what}; the others keep their values`,
    examples: [`${spec.usage} update ${spec.example.name} --name ${spec.example.name}-2`],
    api: API,
    configure: (c) => fieldOptions(c, spec.fields, false),
    run: async (inv, [ref]: string[], flags) => {
      const changed = spec.fields.filter((f) => flags[attribute(f.flag)] !== undefined).map((f) => f.flag);
      if (changed.length === 0) {
        throw new CliError(
          'nothing to update: give at least one field flag',
          EXIT.USAGE,
          `see: ${spec.usage} update --help`,
        );
      }
      const http = await inv.client();
      const current = (await find(http, spec, ref)) as unknown as Record<string, unknown> & { id: number };
      const kept = Object.fromEntries(spec.fields.map((f) => [f.key, current[f.key]]));
      const body = { ...kept, ...(await applyFields(http, spec.fields, flags)) };
      const result = await updatePlace<R>(http, spec.path, current.id, body);
      const r = result.response;
      return writeOutput(inv, result, `Updated ${spec.what} ${r.name} (id ${r.id}): ${changed.join(', ')}`, r);
    },
  });
  deleteVerb(noun, spec);
}

function deleteVerb<R extends { id: number; name: string }>(noun: Command, spec: TableSpec<R>): void {
  addVerb<DestructiveFlags>(noun, {
    name: 'delete <id|name>',
    description: `Delete a ${spec.what}; asks first on a terminal, needs --yes elsewhere`,
    examples: [
      `${spec.usage} delete ${spec.example.name}`,
      `${spec.usage} delete 7 --yes`,
      `${spec.usage} delete 7 --dry-run`,
    ],
    api: API,
    configure: (c) => destructiveOptions(c),
    run: async (inv, [ref]: string[], flags) => {
      const http = await inv.client();
      const record = await find(http, spec, ref);
      const label = `${spec.what} ${record.name} (id ${record.id})`;
      if (flags.dryRun) {
        inv.printer.note('dry run: nothing was changed');
        return messageOutput({ dryRun: true, delete: record }, `Would delete ${label}`);
      }
      await confirmDestructive(inv.printer, { description: `delete ${label}`, typeToConfirm: record.name }, flags);
      return writeOutput(inv, await deletePlace(http, spec.path, record.id), `Deleted ${label}`);
    },
  });
}

/** Adds a noun for one table, with list, get, create, update and delete. */
export function addTableNoun<R extends { id: number; name: string }>(parent: Command, spec: TableSpec<R>): Command {
  const noun = addNoun(parent, spec.command, spec.description, [`${spec.usage} list`]);
  readVerbs(noun, spec);
  writeVerbs(noun, spec);
  return noun;
}

/** The id of the record of `path` that a name or id names (for `--division`, `--region`). */
export async function placeId(http: HttpClient, path: PlacePath, what: string, ref: string): Promise<number> {
  const id = asId(ref);
  if (id !== null) return id;
  const { response } = await listPlaces<{ id: number }>(http, path, { name: ref });
  if (response.length === 0) throw new CliError(`${what} "${ref}" not found`, EXIT.ERROR);
  return response[0].id;
}
