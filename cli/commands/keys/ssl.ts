import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { CliError } from '../../errors.js';
import { listDeliveryServices } from '../../../shared/client/deliveryservices.js';
import type { HttpClient } from '../../../shared/client/http.js';
import { getSslKeys, keySummaries, postSslKeys, type SslKeys, type SslSummary } from '../../../shared/client/keys.js';
import { messageOutput, tableOutput } from '../../output/format.js';
import { mayReveal } from './reveal.js';
import { addVerb, type VerbSpec } from '../common/verb.js';

const readPem = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    throw new CliError(`cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
};

/** The CDN of a delivery service and the next TLS key version (one above the newest stored). */
async function target(http: HttpClient, xmlId: string, version?: string) {
  const { response } = await listDeliveryServices(http, { xmlId });
  if (response.length === 0) throw new CliError(`delivery service "${xmlId}" not found`);
  if (version !== undefined) {
    if (!/^\d+$/.test(version) || Number(version) < 1) throw new CliError('--version must be a positive integer');
    return { cdn: response[0].cdnName, version: Number(version) };
  }
  const [summary] = (await keySummaries(http, xmlId)).response;
  const newest = summary?.sslKeys[0]?.version ?? 0;
  return { cdn: response[0].cdnName, version: newest + 1 };
}

interface AddFlags {
  cert: string;
  key: string;
  csr: string;
  hostname: string;
  version?: string;
}
interface GenerateFlags {
  hostname: string;
  version?: string;
  country: string;
  state: string;
  city: string;
  org: string;
  unit: string;
}

const SSL_COLUMNS = [
  { header: 'XML ID', value: (r: SslSummary & { xmlId: string }) => r.xmlId },
  { header: 'VERSION', value: (r: SslSummary) => r.version },
  { header: 'HOSTNAME', value: (r: SslSummary) => r.hostname },
  {
    header: 'EXPIRES',
    value: (r: SslSummary) => `${r.notAfter.slice(0, 10)}${r.expiring ? ` (${r.daysLeft} days!)` : ''}`,
  },
  { header: 'SHA-256', value: (r: SslSummary) => r.fingerprint },
  { header: 'CHANGED BY', value: (r: SslSummary) => r.changedBy, wide: true },
  { header: 'CHANGED AT', value: (r: SslSummary) => r.changedAt, wide: true },
];

const sslGenerate: VerbSpec<GenerateFlags, [string]> = {
  name: 'generate <xmlId>',
  description: 'Generate a key, a certificate request and a self-signed certificate (365 days) for a delivery service',
  examples: [
    'cdnctl keys ssl generate ds1 --hostname "*.ds1.cdn1.example.com" --country US --state CO --city Denver --org Example --unit CDN',
  ],
  api: { min: '1.1' },
  configure: (c) =>
    c
      .requiredOption('--hostname <name>', 'the host name the certificate is for (a wildcard is allowed)')
      .requiredOption('--country <code>', 'two-letter country code')
      .requiredOption('--state <state>', 'state or province')
      .requiredOption('--city <city>', 'city')
      .requiredOption('--org <organization>', 'organization')
      .requiredOption('--unit <businessUnit>', 'business unit')
      .option('--version <n>', 'key version (default: one above the newest)'),
  run: async (inv, [xmlId]: [string], flags) => {
    const http = await inv.client();
    const { cdn, version } = await target(http, xmlId, flags.version);
    const body = {
      key: xmlId,
      cdn,
      hostname: flags.hostname,
      version,
      country: flags.country,
      state: flags.state,
      city: flags.city,
      organization: flags.org,
      businessUnit: flags.unit,
    };
    const result = await postSslKeys(http, 'generate', body);
    inv.printer.alerts(result.alerts);
    return messageOutput(result.response, `${result.response} (version ${version})`);
  },
};

const sslAdd: VerbSpec<AddFlags, [string]> = {
  name: 'add <xmlId>',
  description: 'Add a certificate (with its chain) and its private key to a delivery service; both are verified',
  examples: [
    'cdnctl keys ssl add ds1 --cert ds1-chain.pem --key ds1.key --csr ds1.csr --hostname ds1.cdn1.example.com',
  ],
  api: { min: '1.1' },
  configure: (c) =>
    c
      .requiredOption('--cert <file>', 'the certificate and its intermediates, PEM, leaf first')
      .requiredOption('--key <file>', 'its private key, PEM (unencrypted)')
      .requiredOption('--hostname <name>', 'the host name the certificate serves')
      .requiredOption('--csr <file>', 'the certificate request it was issued for, PEM')
      .option('--version <n>', 'key version (default: one above the newest)'),
  run: async (inv, [xmlId]: [string], flags) => {
    const http = await inv.client();
    const certificate = { crt: readPem(flags.cert), key: readPem(flags.key), csr: readPem(flags.csr) };
    const { cdn, version } = await target(http, xmlId, flags.version);
    const body = { key: xmlId, cdn, hostname: flags.hostname, version, certificate };
    const result = await postSslKeys(http, 'add', body);
    inv.printer.alerts(result.alerts);
    return messageOutput(result.response, `${result.response} (version ${version})`);
  },
};

const sslGet: VerbSpec<{ version?: string; reveal?: boolean }, [string]> = {
  name: 'get <xmlId>',
  description: 'Show the TLS keys of a delivery service; the private key only to a terminal, or with --reveal',
  examples: ['cdnctl keys ssl get ds1', 'cdnctl keys ssl get ds1 --reveal -o json > ds1-tls.json'],
  api: { min: '1.1' },
  configure: (c) =>
    c
      .option('--version <n>', 'a version (default: the newest)')
      .option('--reveal', 'print the private key even when stdout is not a terminal'),
  run: async (inv, [xmlId]: [string], flags) => {
    const version = flags.version === undefined ? undefined : Number(flags.version);
    const { response } = await getSslKeys(await inv.client(), xmlId, version);
    if (!('certificate' in response)) return messageOutput(response, `No TLS keys for ${xmlId}.`);
    const keys = response as SslKeys;
    const reveal = mayReveal(flags);
    if (!reveal) inv.printer.note('the private key is left out: stdout is not a terminal (pass --reveal to print it)');
    const shown = reveal ? keys : { ...keys, certificate: { ...keys.certificate, key: '(hidden)' } };
    // PEM stays PEM (one line per 64 characters), so it can be copied out as it is (issue 33 item 6).
    const fields: Array<[string, unknown]> = [
      ['deliveryservice', keys.deliveryservice],
      ['cdn', keys.cdn],
      ['hostname', keys.hostname],
      ['version', keys.version],
      ['authType', keys.authType ?? ''],
    ];
    const head = fields.map(([label, value]) => `${`${label}:`.padEnd(17)}${String(value)}`.trimEnd());
    const key = reveal ? `private key:\n${keys.certificate.key.trimEnd()}` : 'private key:     (hidden)';
    return messageOutput(shown, [...head, `certificate:\n${keys.certificate.crt.trimEnd()}`, key].join('\n'));
  },
};

const sslList: VerbSpec<{ expiring?: boolean }, [string | undefined]> = {
  name: 'list [xmlId]',
  description:
    'List certificates with their expiry and fingerprint (no key material); --expiring: those ending within 30 days',
  examples: ['cdnctl keys ssl list', 'cdnctl keys ssl list --expiring -o json'],
  api: { min: '1.1' },
  configure: (c) => c.option('--expiring', 'only certificates that end within 30 days (or have ended)'),
  run: async (inv, [xmlId]: [string | undefined], flags) => {
    const { response } = await keySummaries(await inv.client(), xmlId);
    const rows = response
      .flatMap((s) => s.sslKeys.map((k) => ({ xmlId: s.xmlId, ...k })))
      .filter((r) => !flags.expiring || r.expiring);
    const empty = flags.expiring ? 'No certificate ends within 30 days.' : 'No TLS certificates stored.';
    return tableOutput(rows, rows, SSL_COLUMNS, empty);
  },
};

/** `cdnctl keys ssl generate|add|get|list`. */
export function registerSslKeys(ssl: Command): void {
  addVerb(ssl, sslGenerate);
  addVerb(ssl, sslAdd);
  addVerb(ssl, sslGet);
  addVerb(ssl, sslList);
}
