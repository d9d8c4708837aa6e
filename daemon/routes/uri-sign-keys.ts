import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { badRequest, alerts, successAlert } from '../http/errors.js';
import { PRIV, caller, type RouteDef } from '../http/route.js';
import { keyedService, noteKeyChange, requireVault } from '../services/vault/access.js';
import { keysetError, keysetSummary, type UriSigningKeyset } from '../services/vault/uri-keyset.js';
import { uriSigningKeysetSchema } from '../../shared/contract/keys.js';
import { alertsOnly, record } from '../../shared/contract/schema.js';

const URI = (owner: string) => ({ kind: 'uri_signing', owner, version: 0 }) as const;
const params = { params: { type: 'object', properties: { xmlId: { type: 'string' } }, required: ['xmlId'] } };
/** The key set, bare (sent as written): GET answers `{renewal_kid: null, keys: null}` when none is stored. */
const keysetResponse = { 200: uriSigningKeysetSchema };
const noKeyset = record({ renewal_kid: { type: 'null' }, keys: { type: 'null' } });

const service = (ctx: AppContext, request: FastifyRequest) =>
  keyedService(ctx, caller(request), (request.params as { xmlId: string }).xmlId);

/** POST and PUT: validate the key set (Traffic Ops' texts), store it whole, echo it. */
async function store(ctx: AppContext, request: FastifyRequest, reply: FastifyReply) {
  const vault = requireVault(ctx);
  const ds = await service(ctx, request);
  const error = request.body === undefined ? 'malformed JSON: the request has no body' : keysetError(request.body);
  if (error) throw badRequest(error);
  const keyset = request.body as UriSigningKeyset;
  const summary = keysetSummary(keyset);
  await vault.write(URI(ds.xmlId), keyset, summary, caller(request).username, ctx.clock());
  const kids = summary.issuers.flatMap((i) => i.keys.map((k) => k.kid));
  await noteKeyChange(ctx, caller(request), request.log, { action: 'uri-store', xmlId: ds.xmlId, dsId: ds.id, kids });
  reply.type('application/json');
  return JSON.stringify(keyset);
}

/** URI-signing key sets (Traffic Vault bucket cdn_uri_sig_keys): raw JSON bodies, admin only, from 1.3. */
export function uriSignKeyRoutes(ctx: AppContext): RouteDef[] {
  const write = (method: 'POST' | 'PUT'): RouteDef => ({
    method,
    url: '/deliveryservices/:xmlId/urisignkeys',
    since: '1.3',
    auth: PRIV.ADMIN,
    schema: { ...params, response: keysetResponse },
    handler: (request, reply) => store(ctx, request, reply),
  });
  return [
    {
      method: 'GET',
      url: '/deliveryservices/:xmlId/urisignkeys',
      since: '1.3',
      auth: PRIV.ADMIN,
      schema: { ...params, response: { 200: { anyOf: [noKeyset, uriSigningKeysetSchema] } } },
      handler: async (request, reply) => {
        const vault = requireVault(ctx);
        const ds = await service(ctx, request);
        const stored = await vault.read<UriSigningKeyset>(URI(ds.xmlId));
        await noteKeyChange(ctx, caller(request), request.log, { action: 'uri-read', xmlId: ds.xmlId, dsId: ds.id });
        reply.type('application/json');
        return JSON.stringify(stored ? stored.secret : { renewal_kid: null, keys: null });
      },
    },
    write('POST'),
    write('PUT'),
    {
      method: 'DELETE',
      url: '/deliveryservices/:xmlId/urisignkeys',
      since: '1.3',
      auth: PRIV.ADMIN,
      schema: { ...params, response: { 200: alertsOnly } },
      handler: async (request) => {
        const vault = requireVault(ctx);
        const ds = await service(ctx, request);
        if ((await vault.remove('uri_signing', ds.xmlId)) === 0)
          return alerts({ level: 'info', text: 'not deleted, no object found to delete' });
        await noteKeyChange(ctx, caller(request), request.log, { action: 'uri-delete', xmlId: ds.xmlId, dsId: ds.id });
        return alerts(successAlert('object deleted'));
      },
    },
  ];
}
