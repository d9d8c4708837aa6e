import type { Command } from 'commander';
import { CliError, EXIT } from '../errors.js';
import { listCdns } from '../../shared/client/cdns.js';
import {
  createCdnFederation,
  deleteCdnFederation,
  updateCdnFederation,
  type CdnFederationBody,
} from '../../shared/client/federations.js';
import type { HttpClient } from '../../shared/client/http.js';
import { parseCdnFederation } from '../../shared/rules/federations.js';
import { messageOutput, recordOutput } from '../output/format.js';
import { asId } from './common/parse.js';
import { findFederation, withTrailingDot } from './common/resolve.js';
import { confirmDestructive, destructiveOptions, type DestructiveFlags } from './common/confirm.js';
import { previewWrite } from './common/dry-run.js';
import { addVerb, type VerbSpec } from './common/verb.js';
import { writeOutput } from './common/write.js';

/* `cdnctl federations get|create|update|delete`: a federation of one CDN (cdns/{name}/federations; issue 31). */

const API = { min: '1.1' } as const;

/** The name of the CDN an id or name names (the per-CDN routes take the name). */
async function cdnName(http: HttpClient, ref: string): Promise<string> {
  const id = asId(ref);
  const cdn = (await listCdns(http)).response.find((c) => (id === null ? c.name === ref : c.id === id));
  if (!cdn) throw new CliError(`CDN "${ref}" not found`, EXIT.ERROR, 'list them with: cdnctl cdns list');
  return cdn.name;
}

/** A TTL in seconds: any integer here; the shared rules say what is allowed. */
function ttl(text: string): number {
  if (!/^-?\d+$/.test(text))
    throw new CliError(`--ttl must be an integer number of seconds, not "${text}"`, EXIT.USAGE);
  return Number(text);
}

/** The body checked by the rules the API applies: a bad CNAME or TTL is refused before anything is sent. */
function checked(body: CdnFederationBody): CdnFederationBody {
  const parsed = parseCdnFederation(body);
  if (!parsed.ok) throw new CliError(parsed.errors.join(', '), EXIT.USAGE, 'a CNAME ends with a period; TTL ≥ 1 s');
  return parsed.value;
}

interface FieldFlags {
  cdn?: string;
  cname?: string;
  ttl?: number;
  description?: string;
  dryRun?: boolean;
}

function fieldOptions(command: Command, create: boolean): Command {
  if (create) {
    command.requiredOption('--cdn <name|id>', 'the CDN the federation belongs to');
    command.requiredOption('--cname <name.>', 'the CNAME resolvers answer (the trailing period is added if left out)');
    command.requiredOption('--ttl <seconds>', 'TTL of the CNAME record', ttl);
  } else {
    command.option('--cdn <name|id>', 'move it to this CDN');
    command.option('--cname <name.>', 'new CNAME (the trailing period is added if left out)');
    command.option('--ttl <seconds>', 'new TTL', ttl);
  }
  return command
    .option('--description <text>', create ? 'what it is for' : 'new description ("" clears it)')
    .option('--dry-run', 'print what would be sent; change nothing');
}

const getVerb: VerbSpec<object> = {
  name: 'get <federation>',
  description: 'Show one federation (by id or CNAME)',
  examples: ['cdnctl federations get fed1.example.test.', 'cdnctl federations get 1 -o json'],
  api: API,
  run: async (inv, [ref]: string[]) => {
    const federation = await findFederation(await inv.client(), ref);
    return recordOutput([federation], Object.entries(federation));
  },
};

const createVerb: VerbSpec<FieldFlags> = {
  name: 'create',
  description: 'Create a federation of a CDN (admin role)',
  examples: [
    'cdnctl federations create --cdn cdn1 --cname acme.fed.example.net. --ttl 300 --description "acme resolvers"',
    'cdnctl federations create --cdn cdn1 --cname x.example.net. --ttl 60 --dry-run',
  ],
  api: API,
  configure: (c) => fieldOptions(c, true),
  run: async (inv, _args, flags) => {
    const body = checked({
      cname: withTrailingDot(flags.cname!),
      ttl: flags.ttl!,
      description: flags.description ?? null,
    });
    const http = await inv.client();
    const cdn = await cdnName(http, flags.cdn!);
    const path = `/cdns/${cdn}/federations`;
    if (flags.dryRun)
      return previewWrite(inv, { method: 'POST', path, body }, `Would create federation ${body.cname} in ${cdn}`);
    const result = await createCdnFederation(http, cdn, body);
    const f = result.response;
    return writeOutput(inv, result, `Created federation ${f.cname} (id ${f.id}) in ${cdn}`, f);
  },
};

const updateVerb: VerbSpec<FieldFlags> = {
  name: 'update <federation>',
  description: 'Change the CNAME, TTL, description or CDN of a federation (admin role); the others keep their values',
  examples: [
    'cdnctl federations update fed1.example.test. --ttl 120',
    'cdnctl federations update 1 --description "" --dry-run',
  ],
  api: API,
  configure: (c) => fieldOptions(c, false),
  run: async (inv, [ref]: string[], flags) => {
    const { dryRun, ...fields } = flags;
    if (Object.values(fields).every((v) => v === undefined))
      throw new CliError(
        'nothing to update: give at least one field flag',
        EXIT.USAGE,
        'see: cdnctl federations update --help',
      );
    const http = await inv.client();
    const fed = await findFederation(http, ref);
    const cdnRef = fields.cdn ?? fed.cdnName;
    if (cdnRef === null)
      throw new CliError(`federation ${fed.cname} belongs to no CDN`, EXIT.USAGE, 'name one with --cdn');
    const cdn = await cdnName(http, cdnRef);
    const description = fields.description === undefined ? fed.description : fields.description || null;
    const cname = fields.cname === undefined ? fed.cname : withTrailingDot(fields.cname);
    const body = checked({ cname, ttl: fields.ttl ?? fed.ttl, description });
    const label = `federation ${fed.cname} (id ${fed.id})`;
    if (dryRun)
      return previewWrite(
        inv,
        { method: 'PUT', path: `/cdns/${cdn}/federations/${fed.id}`, body },
        `Would update ${label}`,
      );
    const result = await updateCdnFederation(http, cdn, fed.id, body);
    return writeOutput(inv, result, `Updated ${label}`, result.response);
  },
};

const deleteVerb: VerbSpec<DestructiveFlags> = {
  name: 'delete <federation>',
  description: 'Delete a federation (admin role); asks first on a terminal, needs --yes elsewhere',
  examples: [
    'cdnctl federations delete acme.fed.example.net.',
    'cdnctl federations delete 4 --yes',
    'cdnctl federations delete 4 --dry-run',
  ],
  api: API,
  configure: (c) => destructiveOptions(c),
  run: async (inv, [ref]: string[], flags) => {
    const http = await inv.client();
    const fed = await findFederation(http, ref);
    const label = `federation ${fed.cname} (id ${fed.id})`;
    if (flags.dryRun) {
      inv.printer.note('dry run: nothing was changed');
      return messageOutput({ dryRun: true, delete: fed }, `Would delete ${label}`);
    }
    await confirmDestructive(inv.printer, { description: `delete ${label}`, typeToConfirm: fed.cname }, flags);
    // The route names a CDN but deletes by id: any CDN name serves when the federation has none.
    const result = await deleteCdnFederation(http, fed.cdnName ?? '-', fed.id);
    return writeOutput(inv, result, `Deleted ${label}`);
  },
};

/** Adds `get|create|update|delete` to the `federations` noun. */
export function addFederationWrites(federations: Command): void {
  for (const verb of [getVerb, createVerb, updateVerb, deleteVerb]) addVerb(federations, verb as VerbSpec<object>);
}
