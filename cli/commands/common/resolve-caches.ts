import { CliError, EXIT } from '../../errors.js';
import { listCdns } from '../../../shared/client/cdns.js';
import type { HttpClient } from '../../../shared/client/http.js';
import { listServers, type Server } from '../../../shared/client/servers.js';
import { asId } from './parse.js';

/** The server a host name or id names. */
export async function findServer(http: HttpClient, ref: string): Promise<Server> {
  const id = asId(ref);
  const { response } = await listServers(http, id === null ? { hostName: ref } : { id });
  const server = response.find((s) => (id === null ? s.hostName === ref : s.id === id));
  if (!server)
    throw new CliError(
      `server "${ref}" not found (or not visible to you)`,
      EXIT.ERROR,
      'list them with: cdnctl servers list',
    );
  return server;
}

/** The id of the CDN a name or id names. */
export async function cdnId(http: HttpClient, ref: string): Promise<number> {
  const id = asId(ref);
  if (id !== null) return id;
  const cdn = (await listCdns(http, { name: ref })).response.find((c) => c.name === ref);
  if (!cdn) throw new CliError(`CDN "${ref}" not found`, EXIT.ERROR, 'list them with: cdnctl cdns list');
  return cdn.id;
}
