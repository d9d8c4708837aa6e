import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERSIONS } from '../../../daemon/versions.js';
import { cachesApp, type CachesApp } from '../caches/helpers.js';

/**
 * Issue 30: GET servers/details (1.1) and its deprecated form servers/hostname/:hostName/details. Before the fix,
 * `servers/details` fell into `servers/:id` and answered 400 "id cannot parse to integer".
 */
let t: CachesApp;
beforeAll(async () => {
  t = await cachesApp();
});
afterAll(async () => t?.close());

describe('GET servers/details', () => {
  it.each(VERSIONS)('%s: answers the details of a host, not servers/:id', async (v) => {
    const res = await t.call('ro_user', 'GET', `/api/${v}/servers/details?hostName=edge1a`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(Object.keys(body)).toEqual(['limit', 'orderby', 'response', 'size']);
    expect(body).toMatchObject({ limit: 1000, orderby: 'hostName', size: 1 });
    expect(body.response[0]).toMatchObject({
      cachegroup: 'edge-cg1',
      cdnName: 'cdn1',
      hostName: 'edge1a',
      hardwareInfo: null,
      physLocation: null,
      iloPassword: '********',
      xmppPasswd: '********',
      interfaceName: 'eth0',
    });
    expect(body.response[0].deliveryservices).toHaveLength(2);
  });
});
