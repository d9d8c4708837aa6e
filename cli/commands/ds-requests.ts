import type { Command } from 'commander';
import { CliError, EXIT } from '../errors.js';
import type { HttpClient } from '../../shared/client/http.js';
import {
  assignDsRequest,
  createDsRequest,
  deleteDsRequest,
  listDsRequests,
  setDsRequestStatus,
  type DsRequest,
  type DsRequestBody,
} from '../../shared/client/ds-requests.js';
import { listUsers } from '../../shared/client/users.js';
import { messageOutput, tableOutput, type Column } from '../output/format.js';
import { asId } from './common/parse.js';
import { confirmDestructive, destructiveOptions, type DestructiveFlags } from './common/confirm.js';
import { previewWrite } from './common/dry-run.js';
import { addNoun, addVerb, type VerbSpec } from './common/verb.js';
import { writeOutput } from './common/write.js';
import { readBodyFile } from './ds/write.js';

/* `cdnctl ds-requests list|create|status|assign|delete` (1.3+; issue 31, reference wave3 §5.7). */

const API = { min: '1.3' } as const;

const xmlIdOf = (r: DsRequest) => String((r.deliveryService as { xmlId?: unknown }).xmlId ?? '');

const COLUMNS: Column<DsRequest>[] = [
  { header: 'ID', value: (r) => r.id },
  { header: 'XML ID', value: xmlIdOf },
  { header: 'CHANGE', value: (r) => r.changeType },
  { header: 'STATUS', value: (r) => r.status },
  { header: 'AUTHOR', value: (r) => r.author },
  { header: 'ASSIGNEE', value: (r) => r.assignee ?? '' },
];

function requestId(text: string): number {
  const id = asId(text);
  if (id === null) throw new CliError(`a request id is a number, not "${text}"`, EXIT.USAGE);
  return id;
}

async function findRequest(http: HttpClient, ref: string): Promise<DsRequest> {
  const id = requestId(ref);
  const [found] = (await listDsRequests(http, { id })).response;
  if (!found)
    throw new CliError(
      `delivery-service request ${id} not found`,
      EXIT.ERROR,
      'list them with: cdnctl ds-requests list',
    );
  return found;
}

const listVerb: VerbSpec<{ status?: string; xmlId?: string }> = {
  name: 'list',
  description: 'List the delivery-service requests you can see',
  examples: ['cdnctl ds-requests list', 'cdnctl ds-requests list --status submitted -o json'],
  api: API,
  configure: (c) =>
    c.option('--status <status>', 'only requests in this status').option('--xml-id <xmlId>', 'only these'),
  run: async (inv, _args, flags) => {
    const { response } = await listDsRequests(await inv.client(), { status: flags.status, xmlId: flags.xmlId });
    return tableOutput(response, response, COLUMNS, 'No delivery-service requests.');
  },
};

interface CreateFlags {
  fromFile: string;
  changeType: string;
  submit?: boolean;
  dryRun?: boolean;
}

const createVerb: VerbSpec<CreateFlags> = {
  name: 'create',
  description: 'Propose a delivery service to create, update or delete (portal role and up)',
  examples: [
    'cdnctl ds-requests create -f acme-web.yaml',
    'cdnctl ds-requests create -f acme-web.json --change-type update --submit --dry-run',
  ],
  api: API,
  configure: (c) =>
    c
      .requiredOption('-f, --from-file <file>', 'the delivery service, JSON or YAML (for delete: its xmlId is enough)')
      .option('--change-type <type>', 'create, update or delete', 'create')
      .option('--submit', 'submit it for review now (default: a draft)')
      .option('--dry-run', 'print what would be sent; change nothing'),
  run: async (inv, _args, flags) => {
    const body = {
      changeType: flags.changeType,
      status: flags.submit ? 'submitted' : 'draft',
      deliveryService: await readBodyFile(flags.fromFile),
    } as DsRequestBody;
    const label = `${body.changeType} request for ${String(body.deliveryService.xmlId)}`;
    if (flags.dryRun)
      return previewWrite(inv, { method: 'POST', path: '/deliveryservice_requests', body }, `Would file a ${label}`);
    const result = await createDsRequest(await inv.client(), body);
    return writeOutput(
      inv,
      result,
      `Filed ${label} (id ${result.response.id}, ${result.response.status})`,
      result.response,
    );
  },
};

const statusVerb: VerbSpec<{ dryRun?: boolean }> = {
  name: 'status <id> <status>',
  description: 'Move a request along: draft, submitted, rejected, pending, complete',
  examples: ['cdnctl ds-requests status 4 submitted', 'cdnctl ds-requests status 4 complete --dry-run'],
  api: API,
  configure: (c) => c.option('--dry-run', 'print what would be sent; change nothing'),
  run: async (inv, [ref, status]: string[], flags) => {
    const id = requestId(ref);
    if (flags.dryRun)
      return previewWrite(
        inv,
        { method: 'PUT', path: `/deliveryservice_requests/${id}/status`, body: { status } },
        `Would set request ${id} to ${status}`,
      );
    const result = await setDsRequestStatus(await inv.client(), id, status);
    return writeOutput(inv, result, `Request ${id} is ${result.response.status}`, result.response);
  },
};

/** A user id by id or username; `none` is null (unassign). */
async function assigneeOf(http: HttpClient, ref: string): Promise<number | null> {
  if (ref === 'none') return null;
  const id = asId(ref);
  if (id !== null) return id;
  const user = (await listUsers(http)).response.find((u) => u.username === ref);
  if (!user) throw new CliError(`user "${ref}" not found`, EXIT.ERROR, 'list them with: cdnctl users list');
  return Number(user.id);
}

const assignVerb: VerbSpec<{ dryRun?: boolean }> = {
  name: 'assign <id> <user|none>',
  description: 'Assign a request to a user (operations role and up); "none" unassigns it',
  examples: ['cdnctl ds-requests assign 4 ops_user', 'cdnctl ds-requests assign 4 none'],
  api: API,
  configure: (c) => c.option('--dry-run', 'print what would be sent; change nothing'),
  run: async (inv, [ref, user]: string[], flags) => {
    const id = requestId(ref);
    const http = await inv.client();
    const assigneeId = await assigneeOf(http, user);
    if (flags.dryRun)
      return previewWrite(
        inv,
        { method: 'PUT', path: `/deliveryservice_requests/${id}/assign`, body: { assigneeId } },
        `Would assign request ${id} to ${user}`,
      );
    const result = await assignDsRequest(http, id, assigneeId);
    return writeOutput(
      inv,
      result,
      `Request ${id} is assigned to ${result.response.assignee ?? 'no one'}`,
      result.response,
    );
  },
};

const deleteVerb: VerbSpec<DestructiveFlags> = {
  name: 'delete <id>',
  description: 'Delete a request and its comments; asks first on a terminal, needs --yes elsewhere',
  examples: [
    'cdnctl ds-requests delete 4',
    'cdnctl ds-requests delete 4 --yes',
    'cdnctl ds-requests delete 4 --dry-run',
  ],
  api: API,
  configure: (c) => destructiveOptions(c),
  run: async (inv, [ref]: string[], flags) => {
    const http = await inv.client();
    const request = await findRequest(http, ref);
    const label = `request ${request.id} (${request.changeType} ${xmlIdOf(request)})`;
    if (flags.dryRun) {
      inv.printer.note('dry run: nothing was changed');
      return messageOutput({ dryRun: true, delete: request }, `Would delete ${label}`);
    }
    await confirmDestructive(inv.printer, { description: `delete ${label}`, typeToConfirm: String(request.id) }, flags);
    return writeOutput(inv, await deleteDsRequest(http, request.id), `Deleted ${label}`);
  },
};

/** `cdnctl ds-requests …`. */
export function registerDsRequests(program: Command): void {
  const noun = addNoun(program, 'ds-requests', 'Delivery-service requests: proposed changes, reviewed and assigned', [
    'cdnctl ds-requests list',
  ]);
  for (const verb of [listVerb, createVerb, statusVerb, assignVerb, deleteVerb])
    addVerb(noun, verb as VerbSpec<object>);
}
