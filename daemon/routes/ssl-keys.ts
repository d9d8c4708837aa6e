import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { badRequest, notFound } from '../http/errors.js';
import { PRIV, caller, type RouteDef } from '../http/route.js';
import { visibleTenants } from '../services/tenant-access.js';
import type { DeliveryService } from '../store/deliveryservices.js';
import { keyedService, noDsNamed, noteKeyChange, requireVault } from '../services/vault/access.js';
import {
  missingFields,
  parseVersion,
  servedSslKeys,
  sslKeysRecord,
  sslSummary,
  type SslKeys,
  type SslKeysRequest,
} from '../services/vault/ssl-records.js';
import { generateKeys } from '../services/vault/tls/generate.js';
import { parseChain, summarize, verifyCertificate } from '../services/vault/tls/verify.js';
import { sslKeysSchema } from '../../shared/contract/keys.js';
import { envelope, list, maybeAlerted, record } from '../../shared/contract/schema.js';
import { HOSTNAME_PROBLEM, isCertificateHostname } from '../../shared/rules/hostname.js';
import { plainOr } from '../../shared/rules/names.js';

const text = { type: 'string' } as const;
const sslBody = {
  type: 'object',
  properties: {
    key: text,
    deliveryservice: text,
    cdn: text,
    hostname: text,
    version: { anyOf: [{ type: 'integer' }, { type: 'string' }] },
    authType: text,
    businessUnit: text,
    city: text,
    organization: text,
    country: text,
    state: text,
    certificate: { type: 'object', properties: { crt: text, key: text, csr: text } },
  },
};
const getSchema = {
  params: { type: 'object', properties: { xmlId: text }, required: ['xmlId'] },
  querystring: { type: 'object', properties: { version: text, decode: text } },
  // The keys, or `{}` when none are stored.
  response: { 200: envelope({ anyOf: [sslKeysSchema, { type: 'object', additionalProperties: false }] }) },
};
/** What adding or generating keys answers: a sentence (after any certificate warnings). */
const writeSchema = { body: sslBody, response: { 200: maybeAlerted(text) } };
const cdnKeysSchema = {
  params: { type: 'object', properties: { name: text }, required: ['name'] },
  response: {
    200: envelope(
      list(record({ deliveryservice: text, certificate: record({ crt: text, key: text }), hostname: text })),
    ),
  },
};

/** The delivery service a body names (`key` and `deliveryservice` must agree), its CDN checked, and the version. */
async function target(ctx: AppContext, request: FastifyRequest, generating: boolean) {
  const body = (request.body ?? {}) as SslKeysRequest;
  const missing = missingFields(body, generating);
  if (missing) throw badRequest(missing);
  if (!isCertificateHostname(body.hostname!)) throw badRequest(HOSTNAME_PROBLEM);
  if (body.key && body.deliveryservice && body.key !== body.deliveryservice)
    throw badRequest('key and deliveryservice must name the same delivery service');
  const xmlId = (body.deliveryservice ?? body.key)!;
  const version = parseVersion(body.version);
  if (version === null) throw badRequest('version must be a positive integer');
  const ds = await keyedService(ctx, caller(request), xmlId, noDsNamed(xmlId));
  if (ds.cdnName !== body.cdn) {
    throw badRequest(
      plainOr(
        body.cdn,
        (c) => `delivery service ${ds.xmlId} is in CDN ${ds.cdnName}, not ${c}`,
        `delivery service ${ds.xmlId} is in CDN ${ds.cdnName}, not the one given`,
      ),
    );
  }
  if (generating && !/^[A-Za-z]{2}$/.test(body.country!)) throw badRequest('country must be a two-letter country code');
  return { body, ds, version };
}

async function store(
  ctx: AppContext,
  request: FastifyRequest,
  ds: DeliveryService,
  keys: SslKeys,
  summary: object,
): Promise<void> {
  const vault = requireVault(ctx);
  const at = ctx.clock();
  await vault.write(
    { kind: 'ssl', owner: ds.xmlId, version: keys.version },
    keys,
    summary,
    caller(request).username,
    at,
  );
  await ctx.store.deliveryServices.setSslKeyVersion(ds.id, keys.version, at);
}

/** TLS certificates and keys (Traffic Vault bucket ssl), admin only, from 1.1. */
export function sslKeyRoutes(ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'GET',
      url: '/deliveryservices/xmlId/:xmlId/sslkeys',
      since: '1.1',
      auth: PRIV.ADMIN,
      schema: getSchema,
      handler: async (request) => {
        const vault = requireVault(ctx);
        const ds = await keyedService(ctx, caller(request), (request.params as { xmlId: string }).xmlId);
        const query = request.query as { version?: string; decode?: string };
        const wanted =
          query.version === undefined || query.version === 'latest' ? 'latest' : parseVersion(query.version);
        if (wanted === null) throw badRequest("version must be 'latest' or a positive integer");
        const stored =
          wanted === 'latest'
            ? await vault.readLatest<SslKeys>('ssl', ds.xmlId)
            : await vault.read<SslKeys>({ kind: 'ssl', owner: ds.xmlId, version: wanted });
        await noteKeyChange(ctx, caller(request), request.log, {
          action: 'ssl-read',
          xmlId: ds.xmlId,
          dsId: ds.id,
          version: wanted,
        });
        if (!stored) return { response: {} };
        return {
          response: servedSslKeys(
            stored.secret,
            query.decode !== undefined && query.decode !== '' && query.decode !== '0',
          ),
        };
      },
    },
    {
      method: 'POST',
      url: '/deliveryservices/sslkeys/add',
      since: '1.1',
      auth: PRIV.ADMIN,
      schema: writeSchema,
      handler: async (request) => {
        requireVault(ctx);
        const { body, ds, version } = await target(ctx, request, false);
        const certificate = {
          crt: body.certificate!.crt!,
          key: body.certificate!.key!,
          csr: body.certificate!.csr ?? '',
        };
        const checked = verifyCertificate(certificate.crt, certificate.key, body.hostname!, ctx.clock(), ds.xmlId);
        if (!checked.ok) throw badRequest(checked.error);
        const keys = sslKeysRecord(body, ds.xmlId, version, certificate);
        await store(ctx, request, ds, keys, sslSummary(keys, checked.summary));
        await noteKeyChange(ctx, caller(request), request.log, {
          action: 'ssl-add',
          xmlId: ds.xmlId,
          dsId: ds.id,
          version,
          fingerprint: checked.summary.fingerprint,
        });
        const warnings = checked.warnings.map((w) => ({ level: 'warning' as const, text: w }));
        return {
          ...(warnings.length > 0 ? { alerts: warnings } : {}),
          response: `Successfully added ssl keys for ${ds.xmlId}`,
        };
      },
    },
    {
      method: 'POST',
      url: '/deliveryservices/sslkeys/generate',
      since: '1.1',
      auth: PRIV.ADMIN,
      schema: writeSchema,
      handler: async (request) => {
        requireVault(ctx);
        const { body, ds, version } = await target(ctx, request, true);
        const subject = {
          hostname: body.hostname!,
          country: body.country!.toUpperCase(),
          state: body.state!,
          city: body.city!,
          organization: body.organization!,
          businessUnit: body.businessUnit!,
        };
        const certificate = generateKeys(subject, ctx.clock());
        const keys = sslKeysRecord(
          { ...body, country: subject.country, authType: 'Self Signed' },
          ds.xmlId,
          version,
          certificate,
        );
        const chain = parseChain(certificate.crt);
        if (typeof chain === 'string') throw new Error('a generated certificate did not parse');
        const summary = summarize(chain);
        await store(ctx, request, ds, keys, sslSummary(keys, summary));
        await noteKeyChange(ctx, caller(request), request.log, {
          action: 'ssl-generate',
          xmlId: ds.xmlId,
          dsId: ds.id,
          version,
          fingerprint: summary.fingerprint,
        });
        return { response: `Successfully created ssl keys for ${ds.xmlId}` };
      },
    },
    {
      method: 'GET',
      url: '/cdns/name/:name/sslkeys',
      since: '1.1',
      auth: PRIV.ADMIN,
      schema: cdnKeysSchema,
      handler: async (request) => {
        const vault = requireVault(ctx);
        const name = (request.params as { name: string }).name;
        if (!(await ctx.store.cdns.byName(name)))
          throw notFound(plainOr(name, (n) => `cdn ${n} not found`, 'cdn not found'));
        const services = await ctx.store.deliveryServices.list({
          cdnName: name,
          tenantIds: await visibleTenants(ctx, caller(request)),
        });
        const response = [];
        for (const ds of services) {
          const stored = await vault.readLatest<SslKeys>('ssl', ds.xmlId);
          if (!stored) continue;
          const served = servedSslKeys(stored.secret, false);
          response.push({
            deliveryservice: ds.xmlId,
            certificate: { crt: served.certificate.crt, key: served.certificate.key },
            hostname: served.hostname,
          });
        }
        await noteKeyChange(ctx, caller(request), request.log, {
          action: 'ssl-read-cdn',
          cdn: name,
          count: response.length,
        });
        return { response };
      },
    },
  ];
}
