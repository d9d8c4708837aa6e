import type { AtsServerContext } from '../atsconfig/context.js';
import { header } from '../atsconfig/header.js';
import type { AppContext } from '../context.js';
import type { DeliveryService } from '../store/deliveryservices.js';
import { certificateFiles, renderSslMulticertConfig, renderUrlSigConfig, urlSigConfigName } from '../vault/config-files.js';
import { tlsKeysFor, urlSigKeysFor } from '../vault/config-sources.js';
import type { Vault } from '../vault/vault.js';

/*
 * The cache files that carry key-store secrets (url_sig_<xmlId>.config, ssl_multicert.config and the certificate
 * files it names), for one server: only its own delivery services. Served at the server's own URI only, and only
 * to admin and ORT callers.
 */

/** The server's delivery-service records (the context holds the generator's view of them). */
export function servicesOfContext(ctx: Pick<AtsServerContext, 'deliveryServices'>, services: readonly DeliveryService[]): DeliveryService[] {
  const xmlIds = new Set(ctx.deliveryServices.map((ds) => ds.xmlId));
  return services.filter((ds) => xmlIds.has(ds.xmlId));
}

const signsUrls = (ds: DeliveryService) => ds.signingAlgorithm === 'url_sig';
const servesTls = (ds: DeliveryService) => ds.protocol !== 0;

/** True when the name is one of the key-store files (whatever server asks): those need admin or ORT and the key store. */
export function isKeyFileName(name: string): boolean {
  return /^url_sig_.+\.config$/.test(name) || name === 'ssl_multicert.config' || /\.(crt|key)$/.test(name);
}

/** The names the key store's files will have without reading it (the certificate files need it). */
export function keyFileNamesWithoutVault(services: readonly DeliveryService[]): string[] {
  const names = services.filter(signsUrls).map((ds) => urlSigConfigName(ds.xmlId));
  if (services.some(servesTls)) names.push('ssl_multicert.config');
  return names;
}

/** Every key-store file of the server, by name, read from the key store. */
export async function keyFiles(
  vault: Vault,
  ctx: Pick<AtsServerContext, 'server' | 'params' | 'version'>,
  services: readonly DeliveryService[],
): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const target = `${ctx.server.hostName}.${ctx.server.domainName}`;
  for (const ds of services.filter(signsUrls)) {
    const name = urlSigConfigName(ds.xmlId);
    const params = ctx.params.filter((p) => p.configFile === name).map((p) => ({ name: p.name, value: p.value }));
    files.set(name, renderUrlSigConfig(header(name, target, ctx.version), params, await urlSigKeysFor(vault, ds.xmlId)));
  }
  if (services.some(servesTls)) {
    const tls = await tlsKeysFor(vault, services);
    files.set('ssl_multicert.config', renderSslMulticertConfig(header('ssl_multicert.config', target, ctx.version), tls.map((t) => t.entry)));
    for (const { entry, keys } of tls) {
      for (const file of certificateFiles(entry.hostname, keys.certificate)) files.set(file.name, file.content);
    }
  }
  return files;
}
