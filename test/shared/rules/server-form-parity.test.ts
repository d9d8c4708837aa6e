// The portal's server form and the API hold a server to one set of field rules: for every value below, the form
// shows an error under a field exactly when POST servers refuses that field, with the same text.
import { describe, expect, it } from 'vitest';
import { readServerInput } from '../../../daemon/services/caches/server-input.js';
import {
  emptyServerForm,
  toServerBody,
  validateServerForm,
  type ServerFormKey,
  type ServerFormValues,
} from '../../../shared/rules/forms/server.js';

const VALID: Partial<ServerFormValues> = {
  hostName: 'edge-1',
  domainName: 'cdn.example.net',
  cdnId: '1',
  cachegroupId: '2',
  typeId: '3',
  profileId: '4',
  ipAddress: '192.0.2.10',
};

const CASES: Array<[ServerFormKey, string]> = [
  ['hostName', 'edge_1'],
  ['hostName', 'edge.1'],
  ['hostName', '-edge'],
  ['hostName', 'e'.repeat(64)],
  ['domainName', 'my_domain.example.net'],
  ['domainName', 'example.123'],
  ['domainName', '192.0.2.1'],
  ['domainName', 'example.net.'],
  ['domainName', 'a..b'],
  ['domainName', `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}`],
  ['ipAddress', '192.0.2.300'],
  ['ipAddress', '01.2.3.4'],
  ['ipNetmask', '255.255.255.0'],
  ['ipNetmask', 'ff'],
  ['ip6Address', '2001:db8::1/64'],
  ['ip6Address', '2001:db8::1%eth0'],
  ['ip6Gateway', '2001:db8::/64'],
  ['tcpPort', '0'],
  ['tcpPort', '65536'],
  ['httpsPort', '443'],
  ['interfaceMtu', '1279'],
  ['interfaceMtu', '9000'],
  ['interfaceName', 'eth 0'],
  ['rack', 'rack\u0000'],
  ['status', 'UP'],
  ['offlineReason', ''],
];

/** The fields the API refuses, with their texts, as `field: text`. */
function apiErrors(values: ServerFormValues): string[] {
  const result = readServerInput(toServerBody(values));
  if (result.ok) return [];
  return result.errors.map((e) => e.replace(/^'([^']+)' /, '$1: ')).sort();
}

function formErrors(values: ServerFormValues): string[] {
  return Object.entries(validateServerForm(values))
    .map(([k, text]) => `${k}: ${text}`)
    .sort();
}

describe('the server form and POST servers agree field by field', () => {
  it('accept the same valid server', () => {
    const values = { ...emptyServerForm(), ...VALID };
    expect(formErrors(values)).toEqual([]);
    expect(apiErrors(values)).toEqual([]);
  });

  it.each(CASES)('%s = %j', (key, text) => {
    const values = { ...emptyServerForm(), ...VALID, [key]: text };
    if (key === 'offlineReason') values.status = 'ADMIN_DOWN';
    expect(formErrors(values)).toEqual(apiErrors(values));
  });
});
