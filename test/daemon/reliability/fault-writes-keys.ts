import { makeTlsFixtures } from '../vault/tls-fixtures.js';
import type { FaultFixtures, WriteRequest } from './fault-writes.js';

/**
 * A valid request for each write route of the key store (issue 21), whose records live in `<data-dir>/vault.db`
 * beside the database: a disk fault refuses them as it refuses every other write. `attempt` 0 is refused, 1 must succeed.
 * The DELETE of URI-signing keys needs a key set to delete: prepareForFaults stores one for ds1 (and attempt 1 finds
 * the one POST stored after the fault).
 */

const HOST = '*.ds1.cdn1.example.test';
const tls = makeTlsFixtures(HOST);

/** A URI-signing key set, in the shape Traffic Ops stored it. */
export const FAULT_URI_KEYSET = {
  'issuer-fault': { renewal_kid: 'k1', keys: [{ alg: 'HS256', kid: 'k1', kty: 'oct', k: 'c2VjcmV0LWZhdWx0' }] },
};

export const KEYS_VALID_WRITES: Record<string, (f: FaultFixtures, attempt: number) => WriteRequest> = {
  'POST /deliveryservices/xmlId/:xmlId/urlkeys/generate': (f) => ({
    method: 'POST',
    url: '/api/1.3/deliveryservices/xmlId/ds1/urlkeys/generate',
    cookie: f.admin,
  }),
  'POST /deliveryservices/xmlId/:xmlId/urlkeys/copyFromXmlId/:copyFromXmlId': (f) => ({
    method: 'POST',
    url: '/api/1.3/deliveryservices/xmlId/ds2/urlkeys/copyFromXmlId/ds1',
    cookie: f.admin,
  }),
  'POST /deliveryservices/:xmlId/urisignkeys': (f) => ({
    method: 'POST',
    url: '/api/1.3/deliveryservices/ds1/urisignkeys',
    cookie: f.admin,
    payload: FAULT_URI_KEYSET,
  }),
  'PUT /deliveryservices/:xmlId/urisignkeys': (f) => ({
    method: 'PUT',
    url: '/api/1.3/deliveryservices/ds2/urisignkeys',
    cookie: f.admin,
    payload: FAULT_URI_KEYSET,
  }),
  'DELETE /deliveryservices/:xmlId/urisignkeys': (f) => ({
    method: 'DELETE',
    url: '/api/1.3/deliveryservices/ds1/urisignkeys',
    cookie: f.admin,
  }),
  'POST /deliveryservices/sslkeys/add': (f, attempt) => ({
    method: 'POST',
    url: '/api/1.3/deliveryservices/sslkeys/add',
    cookie: f.admin,
    payload: {
      key: 'ds1',
      cdn: 'cdn1',
      hostname: HOST,
      version: 2 + attempt,
      certificate: { crt: tls.leaf + tls.intermediate, key: tls.leafKey, csr: tls.csr },
    },
  }),
  'POST /deliveryservices/sslkeys/generate': (f, attempt) => ({
    method: 'POST',
    url: '/api/1.3/deliveryservices/sslkeys/generate',
    cookie: f.admin,
    payload: {
      deliveryservice: 'ds3',
      cdn: 'cdn1',
      hostname: 'ds3.cdn1.example.test',
      version: 1 + attempt,
      businessUnit: 'CDN',
      city: 'Denver',
      organization: 'Example',
      country: 'us',
      state: 'CO',
    },
  }),
};
