import { X509Certificate, createPrivateKey } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertsOf, goldenApp, type GoldenApp } from '../security/fixture.js';
import { makeTlsFixtures } from './tls-fixtures.js';

const HOST = '*.ds1.cdn1.example.test';
const fx = makeTlsFixtures(HOST);
let t: GoldenApp;
let admin: string;
beforeAll(async () => {
  t = await goldenApp();
  admin = await t.session('admin');
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie: admin }, payload });
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: admin } });
const addBody = (over: Record<string, unknown> = {}, cert: Record<string, string> = {}) => ({
  key: 'ds1',
  cdn: 'cdn1',
  hostname: HOST,
  version: 1,
  certificate: { crt: fx.leaf + fx.intermediate, key: fx.leafKey, csr: fx.csr, ...cert },
  ...over,
});
const PEM_BODY = (pem: string) => pem.split('\n').slice(1, -2).join('');

describe('POST sslkeys/add', () => {
  it('stores a matching key and chain, warns that the authority is unknown, and sets the ssl key version', async () => {
    const res = await post('/api/1.1/deliveryservices/sslkeys/add', addBody({ version: '3' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      alerts: [
        {
          level: 'warning',
          text: "WARNING: SSL keys were successfully added for 'ds1', but the input certificate may be invalid (certificate is signed by an unknown authority)",
        },
      ],
      response: 'Successfully added ssl keys for ds1',
    });
    expect((await t.store.deliveryServices.byXmlId('ds1'))?.sslKeyVersion).toBe(3);
    const decoded = (await get('/api/1.1/deliveryservices/xmlId/ds1/sslkeys?decode=true')).json().response;
    expect(decoded).toMatchObject({ cdn: 'cdn1', deliveryservice: 'ds1', key: 'ds1', hostname: HOST, version: 3 });
    expect(decoded.certificate).toEqual({ crt: fx.leaf + fx.intermediate, key: fx.leafKey, csr: fx.csr });
    const encoded = (await get('/api/1.1/deliveryservices/xmlId/ds1/sslkeys?version=3')).json().response;
    expect(Buffer.from(encoded.certificate.key, 'base64').toString()).toBe(fx.leafKey);
  });

  it('refuses a key that does not belong to the certificate with a clear 400, naming no key material', async () => {
    const res = await post('/api/1.1/deliveryservices/sslkeys/add', addBody({ version: 9 }, { key: fx.strayKey }));
    expect(res.statusCode).toBe(400);
    expect(alertsOf(res)).toEqual([
      { level: 'error', text: 'verifying certificate: the private key does not match the certificate' },
    ]);
    expect(res.body).not.toContain(PEM_BODY(fx.strayKey).slice(0, 40));
    expect((await get('/api/1.1/deliveryservices/xmlId/ds1/sslkeys?version=9')).json().response).toEqual({});
  });

  it('refuses chains that are out of order or not linked, and certificates that do not parse', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ crt: fx.intermediate + fx.leaf }, 'verifying certificate: the private key does not match the certificate'],
      [
        { crt: fx.leaf + fx.root },
        'verifying certificate: certificate 2 of the chain did not sign certificate 1 (out of order, or not its issuer)',
      ],
      [
        { crt: fx.leaf + fx.root + fx.intermediate },
        'verifying certificate: certificate 2 of the chain did not sign certificate 1 (out of order, or not its issuer)',
      ],
      [
        { crt: fx.leaf + fx.intermediate + fx.intermediate },
        'verifying certificate: certificate 3 of the chain did not sign certificate 2 (out of order, or not its issuer)',
      ],
      [
        { crt: 'not a certificate' },
        'verifying certificate: no PEM certificate (-----BEGIN CERTIFICATE-----) found in certificate.crt',
      ],
      [
        { crt: '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n' },
        'verifying certificate: certificate 1 of certificate.crt is not a valid X.509 certificate',
      ],
      [{ key: 'garbage' }, 'verifying certificate: certificate.key is not a PEM private key, or is encrypted'],
    ];
    for (const [cert, text] of cases) {
      const res = await post('/api/1.1/deliveryservices/sslkeys/add', addBody({ version: 8 }, cert));
      expect(res.statusCode, text).toBe(400);
      expect(alertsOf(res)).toEqual([{ level: 'error', text }]);
    }
    // A full chain to its root is accepted (the root only warns as unknown), as is a self-signed leaf with a warning.
    const full = await post(
      '/api/1.1/deliveryservices/sslkeys/add',
      addBody({ version: 8 }, { crt: fx.leaf + fx.intermediate + fx.root }),
    );
    expect(full.statusCode).toBe(200);
  });

  it("names missing fields as Traffic Ops did, and refuses a CDN that is not the delivery service's", async () => {
    const res = await post('/api/1.1/deliveryservices/sslkeys/add', {});
    expect(alertsOf(res)).toEqual([
      {
        level: 'error',
        text: 'parsing request: missing fields: key required; cdn required; hostname required; version required; certificate.crt required; certificate.key required; certificate.csr required',
      },
    ]);
    const lets = await post(
      '/api/1.1/deliveryservices/sslkeys/add',
      addBody({ version: 4, authType: 'Lets Encrypt' }, { csr: '' }),
    );
    expect(lets.statusCode).toBe(200);
    const cdn = await post('/api/1.1/deliveryservices/sslkeys/add', addBody({ cdn: 'other' }));
    expect(alertsOf(cdn)).toEqual([{ level: 'error', text: 'delivery service ds1 is in CDN cdn1, not other' }]);
    const ds = await post('/api/1.1/deliveryservices/sslkeys/add', addBody({ key: 'nope' }));
    expect(ds.statusCode).toBe(404);
    expect(alertsOf(ds)).toEqual([{ level: 'error', text: 'no DS with name nope' }]);
  });
});

describe('POST sslkeys/generate', () => {
  it('makes a 2048-bit key, a request and a self-signed certificate for the host name, valid 365 days', async () => {
    const body = {
      deliveryservice: 'ds3',
      cdn: 'cdn1',
      hostname: 'ds3.cdn1.example.test',
      version: 1,
      businessUnit: 'CDN',
      city: 'Denver',
      organization: 'Example',
      country: 'us',
      state: 'CO',
    };
    const res = await post('/api/1.1/deliveryservices/sslkeys/generate', body);
    expect(res.json()).toEqual({ response: 'Successfully created ssl keys for ds3' });
    const keys = (await get('/api/1.1/deliveryservices/xmlId/ds3/sslkeys?decode=1')).json().response;
    expect(keys).toMatchObject({ authType: 'Self Signed', country: 'US', city: 'Denver', version: 1 });
    const cert = new X509Certificate(keys.certificate.crt);
    expect(cert.checkPrivateKey(createPrivateKey(keys.certificate.key))).toBe(true);
    expect(cert.subjectAltName).toBe('DNS:ds3.cdn1.example.test');
    expect(Date.parse(cert.validTo) - t.clock.now()).toBe(365 * 86_400_000);
    expect(keys.certificate.csr).toMatch(/^-----BEGIN CERTIFICATE REQUEST-----/);
    const missing = await post('/api/1.1/deliveryservices/sslkeys/generate', { ...body, city: '' });
    expect(alertsOf(missing)).toEqual([{ level: 'error', text: 'parsing request: missing fields: city required' }]);
    const country = await post('/api/1.1/deliveryservices/sslkeys/generate', { ...body, country: 'USA' });
    expect(alertsOf(country)).toEqual([{ level: 'error', text: 'country must be a two-letter country code' }]);
  });
});

describe('reading TLS keys', () => {
  it("answers {} when none are stored, 400 for a bad version, and lists a CDN's newest keys base64", async () => {
    expect((await get('/api/1.1/deliveryservices/xmlId/ds2/sslkeys')).json()).toEqual({ response: {} });
    expect((await get('/api/1.1/deliveryservices/xmlId/ds1/sslkeys?version=x')).statusCode).toBe(400);
    await post('/api/1.1/deliveryservices/sslkeys/add', addBody({ version: 20 }));
    const cdn = (await get('/api/1.1/cdns/name/cdn1/sslkeys')).json().response as {
      deliveryservice: string;
      hostname: string;
      certificate: { crt: string; key: string };
    }[];
    const ds1 = cdn.find((k) => k.deliveryservice === 'ds1')!;
    expect(ds1.hostname).toBe(HOST);
    expect(Buffer.from(ds1.certificate.key, 'base64').toString()).toBe(fx.leafKey);
    expect((await get('/api/1.1/cdns/name/nope/sslkeys')).statusCode).toBe(404);
  });

  it('summarizes keys without key material: fingerprints, expiry, who changed them when', async () => {
    await post('/api/1.1/deliveryservices/xmlId/ds1/urlkeys/generate', {});
    await post(
      '/api/1.1/deliveryservices/sslkeys/add',
      addBody({ version: 30 }, { crt: fx.soonLeaf + fx.intermediate, key: fx.soonKey }),
    );
    const res = await get('/api/1.1/keys/summary?xmlId=ds1');
    const [summary] = res.json().response;
    expect(summary.xmlId).toBe('ds1');
    expect(summary.urlSigKeys).toMatchObject({
      keys: 16,
      changedBy: 'admin',
      changedAt: new Date(t.clock.now()).toISOString(),
    });
    const [newest, previous] = summary.sslKeys;
    expect(newest).toMatchObject({
      version: 30,
      hostname: HOST,
      expiring: true,
      fingerprint: new X509Certificate(fx.soonLeaf).fingerprint256,
    });
    expect(previous.expiring).toBe(false);
    const urlKeys = (await get('/api/1.1/deliveryservices/xmlId/ds1/urlkeys')).json().response as Record<
      string,
      string
    >;
    for (const secret of [
      PEM_BODY(fx.soonKey).slice(0, 40),
      PEM_BODY(fx.leafKey).slice(0, 40),
      ...Object.values(urlKeys),
    ])
      expect(res.body).not.toContain(secret);
  });
});
