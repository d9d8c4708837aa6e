import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import type { Server } from '../../../shared/client/servers.js';
import { CliError, EXIT } from '../../errors.js';
import { asId, positiveInt } from '../common/parse.js';

/**
 * The server fields beyond the basics (issue 30): each flag names one API field. `--from-file` reads a JSON
 * object with the API's field names (as GET servers shows them); flags given win over the file.
 */
const TEXT_FLAGS: ReadonlyArray<[flag: string, field: string, help: string]> = [
  ['--interface <name>', 'interfaceName', 'service interface name (default eth0)'],
  ['--netmask <mask>', 'ipNetmask', 'IPv4 netmask'],
  ['--gateway <address>', 'ipGateway', 'IPv4 gateway'],
  ['--ip6-gateway <address>', 'ip6Gateway', 'IPv6 gateway'],
  ['--rack <text>', 'rack', 'rack'],
  ['--guid <text>', 'guid', 'GUID'],
  ['--ilo-ip <address>', 'iloIpAddress', 'iLO address'],
  ['--ilo-netmask <mask>', 'iloIpNetmask', 'iLO netmask'],
  ['--ilo-gateway <address>', 'iloIpGateway', 'iLO gateway'],
  ['--ilo-user <name>', 'iloUsername', 'iLO user name'],
  ['--ilo-password <text>', 'iloPassword', 'iLO password'],
  ['--mgmt-ip <address>', 'mgmtIpAddress', 'management address'],
  ['--mgmt-netmask <mask>', 'mgmtIpNetmask', 'management netmask'],
  ['--mgmt-gateway <address>', 'mgmtIpGateway', 'management gateway'],
  ['--xmpp-id <id>', 'xmppId', 'XMPP id (cannot change once set)'],
  ['--xmpp-password <text>', 'xmppPasswd', 'XMPP password'],
  ['--router-host <name>', 'routerHostName', 'router host name'],
  ['--router-port <name>', 'routerPortName', 'router port name'],
];

/** Commander's key for a flag: `--ilo-ip <address>` → `iloIp`. */
const keyOf = (flag: string) =>
  flag
    .split(' ')[0]
    .slice(2)
    .replace(/-([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

export type ExtraFlags = Record<string, unknown> & { physLocation?: string; mtu?: number; fromFile?: string };

export function extraFieldOptions(c: Command): Command {
  for (const [flag, , help] of TEXT_FLAGS) c.option(flag, help);
  return c
    .option('--phys-location <name|id>', 'physical location')
    .option('--mtu <bytes>', 'interface MTU', positiveInt)
    .option('--from-file <path>', 'a JSON object of server fields (API names); flags given win');
}

function fileBody(path: string | undefined): Record<string, unknown> {
  if (path === undefined) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new CliError(`cannot read ${path}: ${(err as Error).message}`, EXIT.USAGE);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new CliError(`${path} must hold one JSON object of server fields`, EXIT.USAGE);
  return parsed as Record<string, unknown>;
}

/** The file's fields, then the extra flags given, as API fields. */
export function extraBody(flags: ExtraFlags): Record<string, unknown> {
  const body: Record<string, unknown> = { ...fileBody(flags.fromFile) };
  for (const [flag, field] of TEXT_FLAGS) {
    const v = flags[keyOf(flag)];
    if (typeof v === 'string') body[field] = v;
  }
  if (flags.mtu !== undefined) body.interfaceMtu = flags.mtu;
  if (flags.physLocation !== undefined) {
    const id = asId(flags.physLocation);
    Object.assign(
      body,
      id === null ? { physLocationId: undefined, physLocation: flags.physLocation } : { physLocationId: id },
    );
  }
  return body;
}

/** The extra fields of a listed record, for a PUT that keeps them (masked passwords are left out). */
export function extrasFromRecord(s: Server): Record<string, unknown> {
  const kept: Record<string, unknown> = { physLocationId: s.physLocationId };
  for (const [, field] of TEXT_FLAGS) {
    const v = (s as unknown as Record<string, unknown>)[field];
    if (v !== '********') kept[field] = v;
  }
  return kept;
}
