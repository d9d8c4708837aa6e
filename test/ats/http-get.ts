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
