import type { UrlSigKeys } from './url-keys.js';

/**
 * Renderers of the cache configuration files that carry key-store secrets (issue 21). Pure: the caller reads the
 * key store and the profile parameters and passes the header line the other ATS generators use. What they render
 * holds secrets, so only admin or ORT callers may be served it.
 */

/** A profile parameter of a config file: `name = value`. */
export interface ConfigParameter {
  name: string;
  value: string;
}

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * `url_sig_<xmlId>.config` as Traffic Ops' atscfg wrote it: the header, the profile's parameters for the file as
 * `name = value` sorted by name (any `key*` parameter skipped when the key store has keys), then the keys
 * `keyN = value` sorted as strings (key0, key1, key10, …).
 */
export function renderUrlSigConfig(
  header: string,
  parameters: readonly ConfigParameter[],
  keys: UrlSigKeys | null,
): string {
  const haveKeys = keys !== null && Object.keys(keys).length > 0;
  const lines = [...parameters]
    .filter((p) => !(haveKeys && p.name.startsWith('key')))
    .sort((a, b) => byName(a.name, b.name))
    .map((p) => `${p.name} = ${p.value}`);
  if (haveKeys) for (const name of Object.keys(keys).sort(byName)) lines.push(`${name} = ${keys[name]}`);
  return `${header.replace(/\n?$/, '\n')}${lines.map((l) => `${l}\n`).join('')}`;
}

/** The file name of a delivery service's URL-signing config. */
export const urlSigConfigName = (xmlId: string) => `url_sig_${xmlId}.config`;

/** What ssl_multicert.config needs of one delivery service with TLS keys. */
export interface MulticertEntry {
  xmlId: string;
  hostname: string;
}

/**
 * The certificate and key file names of a host name: a wildcard's `*` becomes `_` so the name is a plain file
 * name (`*.ds1.cdn1.example` → `_.ds1.cdn1.example.crt`).
 */
export function certificateFileNames(hostname: string): { cert: string; key: string } {
  const base = hostname.replace(/\*/g, '_').replace(/[^A-Za-z0-9._-]/g, '_');
  return { cert: `${base}.crt`, key: `${base}.key` };
}

/**
 * `ssl_multicert.config`: the header, then one `ssl_cert_name=<crt>\t ssl_key_name=<key>` line per delivery
 * service with TLS keys, sorted by xmlId (the form Traffic Ops' atscfg wrote).
 */
export function renderSslMulticertConfig(header: string, entries: readonly MulticertEntry[]): string {
  const lines = [...entries]
    .sort((a, b) => byName(a.xmlId, b.xmlId))
    .map((e) => {
      const files = certificateFileNames(e.hostname);
      return `ssl_cert_name=${files.cert}\t ssl_key_name=${files.key}\n`;
    });
  return `${header.replace(/\n?$/, '\n')}${lines.join('')}`;
}

/** The certificate files a cache installs beside ssl_multicert.config: the chain and the private key, PEM. */
export function certificateFiles(
  hostname: string,
  certificate: { crt: string; key: string },
): { name: string; content: string }[] {
  const files = certificateFileNames(hostname);
  const pem = (text: string) => text.replace(/\s*$/, '\n');
  return [
    { name: files.cert, content: pem(certificate.crt) },
    { name: files.key, content: pem(certificate.key) },
  ];
}
