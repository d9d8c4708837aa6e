import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as the origin saw it. */
export interface OriginHit {
  url: string;
  host: string | undefined;
  conditional: boolean;
  headers: IncomingHttpHeaders;
}

/**
 * A small loopback origin for the cache tests: every path is a cacheable object (`Cache-Control: max-age=3600`,
 * `Last-Modified`, `ETag`) whose body names the path and its version; `bump(path)` makes a new version. It
 * counts requests, answers `If-None-Match`/`If-Modified-Since` with 304 while the version is unchanged.
 */
export interface Origin {
  port: number;
  hits: OriginHit[];
  /** Requests for a path (every one, conditional or not). */
  count(path: string): number;
  bump(path: string): void;
  body(path: string): string;
  close(): Promise<void>;
}

export async function startOrigin(name = 'origin'): Promise<Origin> {
  const versions = new Map<string, number>();
  const hits: OriginHit[] = [];
  const version = (path: string) => versions.get(path) ?? 1;
  const etag = (path: string) => `"${name}-${version(path)}"`;
  const body = (path: string) => `${name} ${path} v${version(path)}\n`;
  const modified = (path: string) => new Date(Date.UTC(2026, 0, 1) + version(path) * 1000).toUTCString();
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const conditional = req.headers['if-none-match'] !== undefined || req.headers['if-modified-since'] !== undefined;
    hits.push({ url: req.url ?? '/', host: req.headers.host, conditional, headers: req.headers });
    const headers = { 'Cache-Control': 'max-age=3600', 'Last-Modified': modified(path), ETag: etag(path) };
    if (req.headers['if-none-match'] === etag(path)) {
      res.writeHead(304, headers).end();
      return;
    }
    res.writeHead(200, { ...headers, 'Content-Type': 'text/plain' }).end(body(path));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    hits,
    count: (path) => hits.filter((h) => h.url.split('?')[0] === path).length,
    bump: (path) => versions.set(path, version(path) + 1),
    body,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
