import { describe, expect, it } from 'vitest';
import { Vault } from '../../../daemon/services/vault/vault.js';
import { alertsOf, goldenApp } from '../security/fixture.js';
import { makeTlsFixtures } from './tls-fixtures.js';

describe('without a master key', () => {
  it('answers every key route with 503 and the reason, and serves everything else', async () => {
    const reason = 'no master key: the key file /data/vault.key does not exist (create it, or set CDNCTL_VAULT_KEY)';
    const t = await goldenApp({ vault: Vault.unavailable(reason) });
    try {
      const cookie = await t.session('admin');
      const text = `the key store (Traffic Vault) is unavailable: ${reason}`;
      for (const [method, url] of [
        ['GET', '/api/1.1/deliveryservices/xmlId/ds1/urlkeys'],
        ['POST', '/api/1.1/deliveryservices/xmlId/ds1/urlkeys/generate'],
        ['GET', '/api/1.3/deliveryservices/ds1/urisignkeys'],
        ['POST', '/api/1.1/deliveryservices/sslkeys/add'],
        ['GET', '/api/1.1/cdns/name/cdn1/sslkeys'],
        ['GET', '/api/1.1/keys/summary'],
      ] as const) {
        const res = await t.app.inject({
          method,
          url,
          headers: { cookie },
          ...(method === 'POST' ? { payload: {} } : {}),
        });
        expect(res.statusCode, url).toBe(503);
        expect(alertsOf(res)).toEqual([{ level: 'error', text }]);
      }
      const other = await t.app.inject({ method: 'GET', url: '/api/1.3/deliveryservices', headers: { cookie } });
      expect(other.statusCode).toBe(200);
      // Privilege is still checked first: a read-only user learns nothing about the key store.
      const ro = await t.app.inject({
        method: 'GET',
        url: '/api/1.1/deliveryservices/xmlId/ds1/urlkeys',
        headers: { cookie: await t.session('ro_user') },
      });
      expect(ro.statusCode).toBe(403);
    } finally {
      await t.close();
    }
  });
});

describe('secrets in the daemon log', () => {
  it('never appear, at debug level, through generate, add, reads and failures', async () => {
    const lines: string[] = [];
    const t = await goldenApp({
      logger: { level: 'debug', stream: { write: (line: string) => void lines.push(line) } },
    });
    try {
      const cookie = await t.session('admin');
      const fx = makeTlsFixtures('ds1.example.test');
      const inject = (method: 'GET' | 'POST', url: string, payload?: object) =>
        t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
      await inject('POST', '/api/1.1/deliveryservices/xmlId/ds1/urlkeys/generate', {});
      const urlKeys = Object.values(
        (await inject('GET', '/api/1.1/deliveryservices/xmlId/ds1/urlkeys')).json().response as Record<string, string>,
      );
      const cert = { crt: fx.leaf + fx.intermediate, key: fx.leafKey, csr: fx.csr };
      await inject('POST', '/api/1.1/deliveryservices/sslkeys/add', {
        key: 'ds1',
        cdn: 'cdn1',
        hostname: 'ds1.example.test',
        version: 1,
        certificate: cert,
      });
      await inject('POST', '/api/1.1/deliveryservices/sslkeys/add', {
        key: 'ds1',
        cdn: 'cdn1',
        hostname: 'ds1.example.test',
        version: 2,
        certificate: { ...cert, key: fx.strayKey },
      });
      await inject('GET', '/api/1.1/deliveryservices/xmlId/ds1/sslkeys?decode=1');
      const log = lines.join('');
      // Reads of secrets go to the daemon's log; changes to the change log (GET logs), both without the secret.
      expect(log).toContain('Read SSL keys version latest');
      const changes = (await inject('GET', '/api/1.3/logs?days=1')).json().response as { message: string }[];
      const changeText = changes.map((e) => e.message).join('\n');
      expect(changeText).toContain('DS: ds1, ID: ');
      expect(changeText).toContain('Generated URL sig keys');
      expect(changeText).toMatch(/Added SSL keys version 1 \(certificate SHA-256 [0-9A-F:]+\)/);
      expect(changeText).not.toContain('Read SSL keys');
      const keyLine = (pem: string) => pem.split('\n')[3];
      for (const secret of [...urlKeys, keyLine(fx.leafKey), keyLine(fx.strayKey), 'PRIVATE KEY']) {
        expect(log).not.toContain(secret);
        expect(changeText).not.toContain(secret);
      }
    } finally {
      await t.close();
    }
  });
});
