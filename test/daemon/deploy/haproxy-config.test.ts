import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import { haproxyConfig, type HaproxyOptions } from '../../../daemon/services/deploy/haproxy-config.js';
import { startBalancer } from '../../helpers/haproxy.js';

/** The example README "Running several daemons" shows: its haproxy.cfg block must be this text. */
export const README_EXAMPLE: HaproxyOptions = {
  bind: { host: '0.0.0.0', port: 8480 },
  daemons: [
    { name: 'cdnctl1', host: '10.0.0.11', port: 8480 },
    { name: 'cdnctl2', host: '10.0.0.12', port: 8480 },
  ],
};

const dir = mkdtempSync(join(tmpdir(), 'cdnctl-haproxy-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function haproxyAccepts(text: string): { ok: boolean; said: string } {
  const file = join(dir, `check-${Math.random().toString(36).slice(2)}.cfg`);
  writeFileSync(file, text);
  const r = spawnSync('haproxy', ['-c', '-q', '-f', file], { encoding: 'utf8' });
  return { ok: r.status === 0, said: `${r.stderr}${r.stdout}` };
}

describe('haproxy.cfg generator', () => {
  it('writes a config HAProxy accepts: round robin, ping health checks, every daemon checked', () => {
    const text = haproxyConfig(README_EXAMPLE);
    expect(haproxyAccepts(text)).toEqual({ ok: true, said: '' });
    expect(text).toContain('balance roundrobin');
    expect(text).toContain('option httpchk GET /api/1.2/ping');
    expect(text).toContain('server cdnctl1 10.0.0.11:8480 check');
    expect(text).toContain('server cdnctl2 10.0.0.12:8480 check');
    expect(text).toContain('bind 0.0.0.0:8480');
  });

  it('takes IPv6 addresses, test options, and refuses configs HAProxy would refuse', () => {
    const text = haproxyConfig({
      bind: { host: '::1', port: 9000 },
      daemons: [{ name: 'a b', host: '::1', port: 9001 }],
      checkIntervalMs: 200,
      fall: 1,
      rise: 1,
      servedByHeader: true,
      statsSocket: join(dir, 'stats.sock'),
    });
    expect(text).toContain('bind [::1]:9000');
    expect(text).toContain('server a_b [::1]:9001 check');
    expect(text).toContain('default-server inter 200ms fall 1 rise 1');
    expect(haproxyAccepts(text).ok).toBe(true);
    expect(() => haproxyConfig({ ...README_EXAMPLE, daemons: [] })).toThrow(/at least one daemon/);
    const twice = [README_EXAMPLE.daemons[0], README_EXAMPLE.daemons[0]];
    expect(() => haproxyConfig({ ...README_EXAMPLE, daemons: twice })).toThrow(/same name/);
  });

  it('is the haproxy.cfg README "Running several daemons" shows', () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const block = /```haproxy\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(block).toBe(haproxyConfig(README_EXAMPLE));
  });
});

describe('HAProxy over two servers (the harness of the cluster test)', () => {
  const servers: Server[] = [];
  afterAll(() => servers.forEach((s) => s.close()));

  it('balances request by request, even on one kept-alive connection, and takes a dead server out', async () => {
    const ports: number[] = [];
    for (let i = 0; i < 2; i++) {
      const server = createServer((_req, res) => res.end('{}'));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      servers.push(server);
      ports.push((server.address() as { port: number }).port);
    }
    const balancer = await startBalancer(
      dir,
      ports.map((port, i) => ({ name: `s${i + 1}`, host: '127.0.0.1', port })),
    );
    const agent = new Agent({ connections: 1 });
    try {
      const seen: string[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await request(`${balancer.url}/api/1.2/ping`, { dispatcher: agent });
        await res.body.text();
        seen.push(String(res.headers['x-served-by']));
      }
      expect(new Set(seen)).toEqual(new Set(['s1', 's2']));
      servers[1].closeAllConnections();
      servers[1].close();
      await balancer.waitFor('s2', 'DOWN');
      for (let i = 0; i < 4; i++) {
        const res = await request(`${balancer.url}/api/1.2/ping`, { dispatcher: agent });
        await res.body.text();
        expect(res.statusCode).toBe(200);
        expect(res.headers['x-served-by']).toBe('s1');
      }
    } finally {
      await agent.close();
      await balancer.stop();
    }
  });
});
