import type { ServerCheckRecord, ToExtensionRecord } from '../../shared/contract/servers.js';
import type { AppContext } from '../context.js';
import { BUILTIN_SCRIPT } from '../store/builtin-checks.js';
import {
  CHECK_SLOTS,
  EXTENSION_USER,
  EXTENSION_USER_ONLY,
  TO_EXTENSIONS_DEPRECATION,
  readCheckResult,
  readExtension,
  typeMissing,
} from '../services/caches/extension-input.js';
import { serverVisibility } from '../services/caches/visibility.js';
import { alerts, badRequest, forbidden, notFound, successAlert, warningAlert } from '../http/errors.js';
import { parseIntegerParam } from '../services/params.js';
import { PRIV, caller, type Principal, type RouteDef } from '../http/route.js';
import type { ToExtension } from '../store/serverchecks.js';
import { alertedEnvelope, alertsOnly, int, list, record } from '../../shared/contract/schema.js';
import { serverCheckSchema, toExtensionSchema } from '../../shared/contract/servers.js';
import { plainOr } from '../../shared/rules/names.js';

const CHECKS_DEPRECATION = 'This endpoint is deprecated, please use GET /servercheck instead';
const anyBody = { body: { type: ['object', 'null'] } };

const extensionRecord = (e: ToExtension): ToExtensionRecord => ({
  id: e.id,
  name: e.name,
  version: e.version,
  info_url: e.infoUrl,
  script_file: e.scriptFile,
  isactive: e.isActive ? 1 : 0,
  additional_config_json: e.additionalConfigJson,
  description: e.description,
  servercheck_short_name: e.servercheckShortName,
  type: e.type,
});

function requireExtensionUser(principal: Principal): void {
  if (principal.username !== EXTENSION_USER) throw forbidden(EXTENSION_USER_ONLY);
}

/** GET servers/checks, POST servercheck, GET/POST to_extensions, POST to_extensions/:id/delete (BEHAVIOR.md "Caches"). */
export function serverCheckRoutes(ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'GET',
      url: '/servers/checks',
      since: '1.1',
      auth: PRIV.READ,
      schema: {
        querystring: { type: 'object', properties: { id: { type: 'string' }, hostName: { type: 'string' } } },
        response: { 200: alertedEnvelope(list(serverCheckSchema)) },
      },
      handler: async (request) => {
        const q = request.query as { id?: string; hostName?: string };
        const id = q.id === undefined ? undefined : parseIntegerParam(q.id, 'id');
        const servers = await ctx.store.servers.list(
          { id, hostName: q.hostName },
          await serverVisibility(ctx, caller(request)),
        );
        const names = (await ctx.store.serverChecks.extensions())
          .filter((e) => e.isActive)
          .map((e) => e.servercheckShortName);
        const results = await ctx.store.serverChecks.results();
        const response: ServerCheckRecord[] = servers
          .filter((s) => s.type.startsWith('EDGE') || s.type.startsWith('MID'))
          .map((s) => {
            const stored = results.get(s.id);
            const record: ServerCheckRecord = {
              adminState: s.status,
              cacheGroup: s.cachegroup,
              id: s.id,
              hostName: s.hostName,
              revalPending: s.revalPending,
              profile: s.profile,
              type: s.type,
              updPending: s.updPending,
            };
            if (stored) {
              const values = new Map(stored.map((r) => [r.shortName, r.value]));
              record.checks = Object.fromEntries(
                names.filter((n) => n !== null).map((n) => [n, values.get(n!) ?? null]),
              );
            }
            return record;
          });
        return { ...alerts(warningAlert(CHECKS_DEPRECATION)), response };
      },
    },
    {
      method: 'POST',
      url: '/servercheck',
      since: '1.1',
      auth: 0,
      schema: { ...anyBody, response: { 200: alertsOnly } },
      handler: async (request) => {
        const read = readCheckResult(request.body);
        if (!read.ok) throw badRequest(read.error);
        const principal = caller(request);
        requireExtensionUser(principal);
        const visible = await serverVisibility(ctx, principal);
        const server =
          read.id !== null
            ? await ctx.store.servers.byId(read.id, visible)
            : await ctx.store.servers.byHostName(read.hostName!, visible);
        if (!server) throw badRequest('Server not found');
        if (!(await ctx.store.serverChecks.extensionByShortName(read.shortName))) {
          throw badRequest(
            plainOr(
              read.shortName,
              (n) => `Server Check Extension ${n} not found - Do you need to install it?`,
              'Server Check Extension not found - Do you need to install it?',
            ),
          );
        }
        await ctx.store.serverChecks.record(
          [{ serverId: server.id, shortName: read.shortName, value: read.value }],
          ctx.clock(),
        );
        return alerts(successAlert('Server Check was successfully updated'));
      },
    },
    ...extensionRoutes(ctx),
  ];
}

function extensionRoutes(ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'GET',
      url: '/to_extensions',
      since: '1.1',
      auth: PRIV.READ,
      schema: { response: { 200: alertedEnvelope(list(toExtensionSchema)) } },
      handler: async () => {
        const list = await ctx.store.serverChecks.extensions();
        return { ...alerts(warningAlert(TO_EXTENSIONS_DEPRECATION)), response: list.map(extensionRecord) };
      },
    },
    {
      method: 'POST',
      url: '/to_extensions',
      since: '1.1',
      auth: PRIV.READ,
      schema: { ...anyBody, response: { 200: alertedEnvelope(record({ id: int })) } },
      handler: async (request) => {
        const read = readExtension(request.body);
        if (!read.ok) throw badRequest(read.error);
        requireExtensionUser(caller(request));
        const type = await ctx.store.typeLookup.find('to_extension', { name: read.type });
        if (!type) throw badRequest(typeMissing(read.type));
        const checks = (await ctx.store.serverChecks.extensions()).filter((e) => e.type.startsWith('CHECK_EXTENSION_'));
        if (checks.length >= CHECK_SLOTS) throw badRequest('No open slots left for checks, delete one first.');
        const made = await ctx.store.serverChecks.insertExtension({ ...read.ext, typeId: type.id }, ctx.clock());
        if ('taken' in made) {
          const value = made.taken === 'name' ? read.ext.name : read.ext.servercheckShortName;
          throw badRequest(
            plainOr(
              value,
              (v) => `A Check extension is already loaded with ${v} ${made.taken}`,
              `A Check extension is already loaded with that ${made.taken}`,
            ),
          );
        }
        return {
          ...alerts(successAlert('Check Extension Loaded.'), warningAlert(TO_EXTENSIONS_DEPRECATION)),
          response: { id: made.id },
        };
      },
    },
    {
      method: 'POST',
      url: '/to_extensions/:id/delete',
      since: '1.1',
      auth: PRIV.READ,
      schema: { params: { type: 'object', properties: { id: { type: 'string' } } }, response: { 200: alertsOnly } },
      handler: async (request) => {
        const id = parseIntegerParam((request.params as { id: string }).id, 'id');
        const ext = (await ctx.store.serverChecks.extensions()).find((e) => e.id === id);
        if (!ext) throw notFound('no TO Extension with that key found');
        if (ext.scriptFile === BUILTIN_SCRIPT)
          throw badRequest('the daemon runs this check itself; it cannot be deleted');
        requireExtensionUser(caller(request));
        await ctx.store.serverChecks.deleteExtension(id);
        return alerts(successAlert('Extensions deleted.'), warningAlert(TO_EXTENSIONS_DEPRECATION));
      },
    },
  ];
}
