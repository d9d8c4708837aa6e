import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in cache for the monitor tests: answers any GET with an astats-like JSON document (a load average the
 * test sets) and counts every request, so a test can tell whether a monitor polled it at all.
 */
export interface StatsServer {
  port: number;
  /** Requests so far. */
  hits(): number;
  setLoadavg(value: number): void;
  close(): Promise<void>;
}

export async function startStatsServer(loadavg = 0.1): Promise<StatsServer> {
  let count = 0;
  let load = loadavg;
  const server: Server = createServer((req, res) => {
    count++;
    const body = { ats: {}, system: { 'proc.loadavg': `${load.toFixed(2)} 0.10 0.10 1/100 1234` } };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    hits: () => count,
    setLoadavg: (value) => {
      load = value;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
