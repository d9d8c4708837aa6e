import type { AppContext } from '../../context.js';
import type { Principal } from '../principal.js';
import { notFound } from '../errors.js';
import { plainOr } from '../../../shared/rules/names.js';
import { serverByIdOrName } from './check-in.js';

/*
 * What the 1.x cache tool (ORT) reads beside its configuration files (issue 34; reference §9): the Perl app's
 * `/ort/<host>/packages` and `/ort/<host>/chkconfig`, the parameters of the server's profile whose config file
 * is `package` or `chkconfig`.
 */

export interface PackageEntry {
  name: string;
  version: string;
}

export interface ChkconfigEntry {
  name: string;
  value: string;
}

const NOT_FOUND = (host: string) => plainOr(host, (h) => `server '${h}' not found`, 'server not found');

/** The parameters of the named server's profile for one config file, by name; 404 for a server not seen. */
async function profileParams(ctx: AppContext, principal: Principal, host: string, configFile: string) {
  const server = await serverByIdOrName(ctx, principal, host);
  if (!server) throw notFound(NOT_FOUND(host));
  const params = (await ctx.store.parameters.ofProfile(server.profile)) ?? [];
  return params.filter((p) => p.configFile === configFile);
}

/** `[{name, version}]`: the packages the server's profile asks for. */
export async function ortPackages(ctx: AppContext, principal: Principal, host: string): Promise<PackageEntry[]> {
  return (await profileParams(ctx, principal, host, 'package')).map((p) => ({ name: p.name, version: p.value }));
}

/** `[{name, value}]`: the services the server's profile sets run levels for. */
export async function ortChkconfig(ctx: AppContext, principal: Principal, host: string): Promise<ChkconfigEntry[]> {
  return (await profileParams(ctx, principal, host, 'chkconfig')).map((p) => ({ name: p.name, value: p.value }));
}
