import type { AtsServerContext } from '../../atsconfig/context.js';
import { header } from '../../atsconfig/header.js';
import type { DeliveryService } from '../../store/deliveryservices.js';
import {
  certificateFiles,
  renderSslMulticertConfig,
  renderUrlSigConfig,
  urlSigConfigName,
  type MulticertEntry,
} from '../vault/config-files.js';
import { urlSigKeysFor } from '../vault/config-sources.js';
import { SealError } from '../vault/seal.js';
import type { SslKeys } from '../vault/ssl-records.js';
import type { Vault } from '../vault/vault.js';

/*
 * The cache files that carry key-store secrets (url_sig_<xmlId>.config, ssl_multicert.config and the certificate
 * files it names), for one server: only its own delivery services. Each file names the delivery services whose
 * keys it holds (its owners), so a route serves it only to a caller who may read all of their keys (issue 28).
 */

/** One key-store file: its text, or null when a sealed secret it needs does not open (`broken` says which). */
export interface KeyFile {
  name: string;
  /** The xmlIds of the delivery services whose keys the file holds. */
  owners: string[];
  body: string | null;
  broken?: string;
}

/** The server's delivery-service records (the context holds the generator's view of them). */
export function servicesOfContext(
  ctx: Pick<AtsServerContext, 'deliveryServices'>,
  services: readonly DeliveryService[],
): DeliveryService[] {
  const xmlIds = new Set(ctx.deliveryServices.map((ds) => ds.xmlId));
  return services.filter((ds) => xmlIds.has(ds.xmlId));
}

const signsUrls = (ds: DeliveryService) => ds.signingAlgorithm === 'url_sig';
const servesTls = (ds: DeliveryService) => ds.protocol !== 0;

/** True when the name is one of the key-store files (whatever server asks): never served without the key check. */
export function isKeyFileName(name: string): boolean {
  return (
    /^(url_sig|uri_signing)_.+\.config$/.test(name) || name === 'ssl_multicert.config' || /\.(crt|key)$/.test(name)
  );
}

/** The key-store files' names and owners without reading it (the certificate files need it). */
export function keyFileNamesWithoutVault(services: readonly DeliveryService[]): KeyFile[] {
  const files: KeyFile[] = services
    .filter(signsUrls)
    .map((ds) => ({ name: urlSigConfigName(ds.xmlId), owners: [ds.xmlId], body: null }));
  const tls = services.filter(servesTls).map((ds) => ds.xmlId);
  if (tls.length > 0) files.push({ name: 'ssl_multicert.config', owners: tls, body: null });
  return files;
}

/** Opens one secret: null when it does not open (a sealed value altered, or sealed for another record). */
async function opened<T>(read: () => Promise<T>): Promise<{ value: T } | { broken: string }> {
  try {
    return { value: await read() };
  } catch (err) {
    if (err instanceof SealError || err instanceof SyntaxError) return { broken: err.message };
    throw err;
  }
}

type Target = Pick<AtsServerContext, 'server' | 'params' | 'version'>;
const fqdn = (ctx: Target) => `${ctx.server.hostName}.${ctx.server.domainName}`;

async function urlSigFile(vault: Vault, ctx: Target, ds: DeliveryService): Promise<KeyFile> {
  const name = urlSigConfigName(ds.xmlId);
  const params = ctx.params.filter((p) => p.configFile === name).map((p) => ({ name: p.name, value: p.value }));
  const keys = await opened(() => urlSigKeysFor(vault, ds.xmlId));
  if ('broken' in keys) return { name, owners: [ds.xmlId], body: null, broken: keys.broken };
  return {
    name,
    owners: [ds.xmlId],
    body: renderUrlSigConfig(header(name, fqdn(ctx), ctx.version), params, keys.value),
  };
}

/**
 * ssl_multicert.config and the certificate files of the server's HTTPS services with TLS keys. A TLS secret that
 * does not open fails ssl_multicert.config (a file without that service's line would drop its TLS on reload);
 * its certificate files cannot be named (the host name is inside the secret); the others are served.
 */
async function tlsFiles(vault: Vault, ctx: Target, services: readonly DeliveryService[]): Promise<KeyFile[]> {
  const owners = services.filter(servesTls).map((ds) => ds.xmlId);
  if (owners.length === 0) return [];
  const entries: MulticertEntry[] = [];
  const files: KeyFile[] = [];
  let broken: string | undefined;
  for (const xmlId of owners) {
    const stored = await opened(() => vault.readLatest<SslKeys>('ssl', xmlId));
    if ('broken' in stored) broken ??= stored.broken;
    if (!('value' in stored) || !stored.value) continue;
    const keys = stored.value.secret;
    entries.push({ xmlId, hostname: keys.hostname });
    for (const file of certificateFiles(keys.hostname, keys.certificate))
      files.push({ name: file.name, owners: [xmlId], body: file.content });
  }
  const multicert = broken
    ? null
    : renderSslMulticertConfig(header('ssl_multicert.config', fqdn(ctx), ctx.version), entries);
  return [{ name: 'ssl_multicert.config', owners, body: multicert, ...(broken ? { broken } : {}) }, ...files];
}

/** Every key-store file of the server, read from the key store. */
export async function keyFiles(vault: Vault, ctx: Target, services: readonly DeliveryService[]): Promise<KeyFile[]> {
  const files: KeyFile[] = [];
  for (const ds of services.filter(signsUrls)) files.push(await urlSigFile(vault, ctx, ds));
  return [...files, ...(await tlsFiles(vault, ctx, services))];
}
