import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MonitorView } from './types.js';
import { localStates } from './merge.js';

/** Traffic Monitor's CrStates: `caches` by host name, and the delivery services (all available: no DS stats). */
export function crStates(caches: Record<string, boolean>, deliveryServices: readonly string[]) {
  return {
    caches: Object.fromEntries(Object.entries(caches).map(([host, isAvailable]) => [host, { isAvailable }])),
    deliveryServices: Object.fromEntries(
      deliveryServices.map((xmlId) => [xmlId, { isAvailable: true, disabledLocations: [] as string[] }]),
    ),
  };
}

/**
 * The monitor's HTTP face, as Traffic Monitor's: `/publish/CrStates` (the merged view; `?raw`: this monitor's
 * own, which the peers read) and our `/publish/MonitorView` (everything `cdnctl monitor status` shows).
 */
export async function serveView(
  listen: { host: string; port: number },
  current: () => { view: MonitorView; deliveryServices: readonly string[] },
): Promise<{ server: Server; port: number }> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://monitor');
    const { view, deliveryServices } = current();
    let body: unknown;
    if (url.pathname === '/publish/CrStates') {
      const caches = url.searchParams.has('raw') ? localStates(view.caches) : view.merged;
      body = crStates(caches, deliveryServices);
    } else if (url.pathname === '/publish/MonitorView') body = view;
    else {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found\n');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listen.port, listen.host, () => resolve());
  });
  return { server, port: (server.address() as AddressInfo).port };
}
