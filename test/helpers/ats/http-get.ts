import { request } from 'node:http';

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** GET through a proxy on loopback with the given Host header (fetch forbids setting Host). */
export async function getVia(port: number, host: string, path: string): Promise<Reply> {
  return await new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host }, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.setTimeout(10_000, () => req.destroy(new Error(`GET http://${host}${path} via :${port} timed out`)));
    req.on('error', reject);
    req.end();
  });
}

/**
 * Polls until a GET answers 200 (a freshly started ATS can answer 502 for a few seconds: it marks a parent
 * down when its first lookup of the parent's name runs before the hosts file is read, then retries it).
 */
export async function waitServing(port: number, host: string, path: string, timeoutMs = 30_000): Promise<Reply> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const reply = await getVia(port, host, path).catch((err: Error) => ({ status: 0, headers: {}, body: err.message }));
    if (reply.status === 200 || Date.now() > deadline) return reply;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
