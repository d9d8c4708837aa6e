/*
 * A cache as the 1.x cache tool (ORT / t3c) behaves at check-in (docs/reference/traffic-ops-wave2.md §1.5), for
 * tests: it asks update_status, waits while its parents are pending, applies and then clears its own flags.
 */

export interface UpdateStatus {
  host_name: string;
  upd_pending: boolean;
  reval_pending: boolean;
  parent_pending: boolean;
  parent_reval_pending: boolean;
}

/** Sends one request as the cache's (ORT) user: answers the status and the parsed JSON. */
export type CacheTransport = (
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
) => Promise<{ status: number; json: unknown }>;

export type RunResult = 'nothing to do' | 'waiting for parents' | 'applied';

/** `revalidate` mode: apply regex_revalidate.config once every parent has, then clear reval_pending only. */
export async function revalidateRun(send: CacheTransport, host: string, version = '1.3'): Promise<RunResult> {
  const status = await updateStatus(send, host, version);
  if (!status.reval_pending) return 'nothing to do';
  if (status.parent_reval_pending) return 'waiting for parents';
  const res = await send('POST', `/api/${version}/servers/${host}/update`, { reval_updated: false });
  if (res.status !== 200) throw new Error(`check-in of ${host} failed: ${res.status} ${JSON.stringify(res.json)}`);
  return 'applied';
}

/** `syncds` mode with wait-for-parents: apply queued config once no parent is pending; reval_pending sent back as it was. */
export async function syncdsRun(send: CacheTransport, host: string, version = '1.3'): Promise<RunResult> {
  const status = await updateStatus(send, host, version);
  if (!status.upd_pending) return 'nothing to do';
  if (status.parent_pending || status.parent_reval_pending) return 'waiting for parents';
  const res = await send('POST', `/api/${version}/servers/${host}/update`, {
    updated: false,
    reval_updated: status.reval_pending,
  });
  if (res.status !== 200) throw new Error(`check-in of ${host} failed: ${res.status} ${JSON.stringify(res.json)}`);
  return 'applied';
}

async function updateStatus(send: CacheTransport, host: string, version: string): Promise<UpdateStatus> {
  const res = await send('GET', `/api/${version}/servers/${host}/update_status`);
  const list = res.json as UpdateStatus[];
  if (res.status !== 200 || !Array.isArray(list) || list.length !== 1)
    throw new Error(`update_status of ${host}: ${res.status}`);
  return list[0];
}

/** A transport over fetch against a running daemon, with a session cookie. */
export function fetchTransport(baseUrl: string, cookie: string): CacheTransport {
  return async (method, path, body) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, json: await res.json() };
  };
}
