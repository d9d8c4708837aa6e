import type { FastifyRequest } from 'fastify';
import { atsConfigFiles, type AtsConfigFiles, type AtsFileScope } from '../atsconfig/file-list.js';
import { isKeyFileName, keyFileNamesWithoutVault } from '../services/caches/ats-key-files.js';
import {
  keyFileText,
  keyReader,
  listedKeyFiles,
  type KeyFileSource,
  type KeyReader,
} from '../services/caches/key-file-access.js';
import { keepServedAnswers, scopeOwnerName, scopedFileText } from '../services/caches/ats-scoped.js';
import { TIMED_FILE, serverGeneration, type ServerGeneration } from '../services/caches/ats-server-files.js';
import { jobsOfCdn } from '../services/caches/ats-catalog.js';
import { nextRegexRevalidateChange } from '../services/jobs/regex-revalidate.js';
import { abandonComputation, cacheUntil } from '../edge/response-cache.js';
import { ORT_LEVEL, serverByIdOrName } from '../services/caches/check-in.js';
import type { AppContext } from '../context.js';
import { notFound } from '../http/errors.js';
import { textFile } from '../http/responses.js';
import { PRIV, caller, type Principal, type RouteDef } from '../http/route.js';
import {
  atsConfigFileSetSchema,
  atsConfigFilesSchema,
  type AtsConfigFileSet,
} from '../../shared/contract/atsconfig.js';
import { checksumOf, wholeSet } from '../services/caches/ats-whole-set.js';
import type { Cdn } from '../store/cdns.js';
import { TEXT_FILE } from '../../shared/contract/schema.js';
import { plainOr } from '../../shared/rules/names.js';

/*
 * The cache configuration files (Traffic Ops 1.x, before #4801 removed them): a server's file list and each file
 * at its URI, generated from the store for that server once per data version (BEHAVIOR.md "ATS configuration
 * routes"; services/caches/ats-server-files.ts). Operations and
 * the ORT role (11, the caches' own logins) may read them; the key-store files only the server's own agents and
 * admins who may read the keys of the delivery services in them (daemon/caches/key-file-access.ts).
 */

const NOT_FOUND_FILE = (file: string) => plainOr(file, (f) => `config file '${f}' not found`, 'config file not found');
const NOT_FOUND_SERVER = (ref: string) => plainOr(ref, (r) => `server '${r}' not found`, 'server not found');
const ownerParams = (key: string) => ({
  params: {
    type: 'object',
    properties: {
      [key]: { type: 'string', minLength: 1, maxLength: 255 },
      file: { type: 'string', minLength: 1, maxLength: 255 },
    },
    required: [key],
  },
});
/** A file is sent as text (the handler's string goes out as it is: Fastify serializes no string). */
const fileSchema = (key: string) => ({ ...ownerParams(key), response: { 200: TEXT_FILE } });

/** The server a request names (id or host name), its CDN and its generation, or 404. */
async function serverAndFiles(
  ctx: AppContext,
  principal: Principal,
  idOrName: string,
): Promise<{ files: ServerGeneration; cdn: Cdn }> {
  const server = await serverByIdOrName(ctx, principal, idOrName);
  const cdn = server && (await ctx.store.cdns.byId(server.cdnId));
  if (!server || !cdn) throw notFound(NOT_FOUND_SERVER(idOrName));
  const files = await serverGeneration(ctx, server, cdn);
  await keepServedAnswers(ctx, files, cdn);
  return { files, cdn };
}

async function serverFiles(ctx: AppContext, principal: Principal, idOrName: string): Promise<ServerGeneration> {
  return (await serverAndFiles(ctx, principal, idOrName)).files;
}

/*
 * The files and the whole set are served from the response cache (issue 32: at Traffic Control's pace 3,000
 * caches make ~950 such requests a second, and each cost the daemon about a ping before any file was made). Any
 * write drops them (`cache: true`): they read most tables. What depends on the caller's identity is never kept
 * nor shared with a waiting request: a key-store file (the server's own agents and some admins only) and a set
 * holding one. regex_revalidate.config, which names its time, is kept only until the first purge it lists ends.
 */
const cached = { cache: true } as const;

/** Takes the request out of the response cache: its answer is made for it alone. */
const forCallerOnly = (request: FastifyRequest) => abandonComputation(request);

/** Bounds the kept answer by the CDN's purges: until the first one it lists ends. */
async function untilPurgesChange(ctx: AppContext, request: FastifyRequest, cdn: Cdn): Promise<void> {
  const { jobs, maxRevalDurationDays } = await jobsOfCdn(ctx, cdn);
  const change = nextRegexRevalidateChange(jobs, ctx.clock(), maxRevalDurationDays);
  if (change !== null) cacheUntil(request, change);
}

/**
 * The whole set (issue 32): every listed file with its text and checksum, the generated ones through
 * ats-whole-set.ts, the key-store files the caller may fetch as their own URI serves them.
 */
async function fileSet(ctx: AppContext, request: FastifyRequest, id: string): Promise<AtsConfigFileSet> {
  const { files, cdn } = await serverAndFiles(ctx, caller(request), id);
  // Which key-store files a set holds depends on the caller (and the key store on no data version): a cache
  // with services that have keys gets its set made for each request.
  if (keyFileNamesWithoutVault(files.services).length > 0) forCallerOnly(request);
  const list = await listing(ctx, request, files);
  const generated = list.configFiles.filter((f) => !isKeyFileName(f.fnameOnDisk));
  const configFiles = await wholeSet(ctx, files, cdn, { ...list, configFiles: generated });
  await untilPurgesChange(ctx, request, cdn);
  const keyFiles = list.configFiles.filter((f) => isKeyFileName(f.fnameOnDisk));
  if (keyFiles.length > 0) {
    const source = await keySource(ctx, caller(request), files);
    for (const entry of keyFiles) {
      const body = await keyFileText(ctx, source.may, source, entry.fnameOnDisk, request.log);
      configFiles.push({ ...entry, checksum: checksumOf(body), text: body });
    }
    configFiles.sort((a, b) => (a.fnameOnDisk < b.fnameOnDisk ? -1 : 1));
  }
  return { info: list.info, configFiles };
}

/** Where the server's key-store files come from, and what of them the caller may read. */
async function keySource(
  ctx: AppContext,
  principal: Principal,
  files: ServerGeneration,
): Promise<KeyFileSource & { may: KeyReader }> {
  const services = files.services;
  return { target: files.context, services, may: await keyReader(ctx, principal, files.context.server.id, services) };
}

/** The list, with the key-store files the caller may fetch (their names only need the key store for certificates). */
async function listing(ctx: AppContext, request: FastifyRequest, files: ServerGeneration): Promise<AtsConfigFiles> {
  const toUrl = ctx.baseUrl() ?? `${request.protocol}://${request.host}`;
  const list = atsConfigFiles(files.context, request.apiVersion, toUrl);
  const source = await keySource(ctx, caller(request), files);
  const names = await listedKeyFiles(ctx, source.may, source, request.log);
  const location = list.configFiles.find((f) => f.fnameOnDisk === 'remap.config')?.location ?? '/etc/trafficserver';
  const host = encodeURIComponent(files.context.server.hostName);
  for (const name of names) {
    const apiUri = `/api/${request.apiVersion}/servers/${host}/configfiles/ats/${encodeURIComponent(name)}`;
    list.configFiles.push({ fnameOnDisk: name, location, apiUri, scope: 'servers' });
  }
  list.configFiles.sort((a, b) => (a.fnameOnDisk < b.fnameOnDisk ? -1 : 1));
  return list;
}

const text = textFile;

/** A profile- or CDN-scoped file: made for the first server that installs it. */
async function scoped(
  ctx: AppContext,
  scope: Exclude<AtsFileScope, 'servers'>,
  owner: string,
  file: string,
): Promise<string> {
  // A profile or CDN by name or by id, as Traffic Ops took it (the Go client's GetATSProfileConfig(id)).
  const body = await scopedFileText(ctx, scope, await scopeOwnerName(ctx, scope, owner), file);
  if (body === null) throw notFound(NOT_FOUND_FILE(file));
  return body;
}

const readers = { auth: PRIV.OPERATIONS, alsoLevels: [ORT_LEVEL] } as const;

/** A file at the server's own URI: a key-store file for the callers who may read it, else a generated one. */
async function serverFile(ctx: AppContext, request: FastifyRequest): Promise<string> {
  const { id, file } = request.params as { id: string; file: string };
  if (isKeyFileName(file) || file === TIMED_FILE) forCallerOnly(request);
  const files = await serverFiles(ctx, caller(request), id);
  if (isKeyFileName(file)) {
    const source = await keySource(ctx, caller(request), files);
    return keyFileText(ctx, source.may, source, file, request.log);
  }
  const generated = await files.file(file);
  if (generated !== null) return generated;
  throw notFound(NOT_FOUND_FILE(file));
}

function serverFileRoutes(ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'GET',
      url: '/servers/:id/configfiles/ats',
      since: '1.1',
      ...readers,
      schema: { ...ownerParams('id'), response: { 200: atsConfigFilesSchema } },
      handler: async (request) => {
        const { id } = request.params as { id: string };
        return listing(ctx, request, await serverFiles(ctx, caller(request), id));
      },
    },
    {
      // Ours (issue 32): every file of the cache in one answer. No file is named `all` (names end in .config,
      // .yaml, .crt or .key), so the route below never had one to serve here.
      method: 'GET',
      url: '/servers/:id/configfiles/ats/all',
      since: '1.1',
      ...readers,
      ...cached,
      schema: { ...ownerParams('id'), response: { 200: atsConfigFileSetSchema } },
      handler: async (request) => fileSet(ctx, request, (request.params as { id: string }).id),
    },
    {
      method: 'GET',
      url: '/servers/:id/configfiles/ats/:file',
      since: '1.1',
      jsonSuffix: false,
      ...readers,
      schema: fileSchema('id'),
      ...cached,
      handler: async (request, reply) => text(reply, await serverFile(ctx, request)),
    },
  ];
}

/** The files at a profile's and a CDN's URIs. */
function scopedFileRoutes(ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'GET',
      url: '/profiles/:name/configfiles/ats/:file',
      since: '1.1',
      jsonSuffix: false,
      ...readers,
      schema: fileSchema('name'),
      ...cached,
      handler: async (request, reply) => {
        const { name, file } = request.params as { name: string; file: string };
        if (file === TIMED_FILE) forCallerOnly(request);
        return text(reply, await scoped(ctx, 'profiles', name, file));
      },
    },
    {
      method: 'GET',
      url: '/cdns/:name/configfiles/ats/:file',
      since: '1.1',
      jsonSuffix: false,
      ...readers,
      schema: fileSchema('name'),
      ...cached,
      handler: async (request, reply) => {
        const { name, file } = request.params as { name: string; file: string };
        if (file === TIMED_FILE) forCallerOnly(request);
        return text(reply, await scoped(ctx, 'cdns', name, file));
      },
    },
  ];
}

export function atsConfigFileRoutes(ctx: AppContext): RouteDef[] {
  return [...serverFileRoutes(ctx), ...scopedFileRoutes(ctx)];
}
