import { describe, expect, it } from 'vitest';
import { isKeyRead, keyChangeMessage } from '../../../daemon/services/vault/change-log.js';

describe('keyChangeMessage', () => {
  it("says what happened in Traffic Ops' DS/ID/ACTION form, naming ids, versions and fingerprints only", () => {
    const ds = { xmlId: 'ds1', dsId: 7 };
    expect(keyChangeMessage({ action: 'url-generate', ...ds })).toBe('DS: ds1, ID: 7, ACTION: Generated URL sig keys');
    expect(keyChangeMessage({ action: 'url-copy', ...ds, from: 'ds2' })).toBe(
      'DS: ds1, ID: 7, ACTION: Copied URL sig keys from ds2',
    );
    expect(keyChangeMessage({ action: 'url-read', ...ds })).toBe('DS: ds1, ID: 7, ACTION: Read URL sig keys');
    expect(keyChangeMessage({ action: 'uri-store', ...ds, kids: ['k1', 'k2'] })).toBe(
      'DS: ds1, ID: 7, ACTION: Stored URI signing keys (kids: k1, k2)',
    );
    expect(keyChangeMessage({ action: 'uri-delete', ...ds })).toBe('DS: ds1, ID: 7, ACTION: Deleted URI signing keys');
    expect(keyChangeMessage({ action: 'uri-read', ...ds })).toBe('DS: ds1, ID: 7, ACTION: Read URI signing keys');
    expect(keyChangeMessage({ action: 'ssl-add', ...ds, version: 3, fingerprint: 'AB:CD' })).toBe(
      'DS: ds1, ID: 7, ACTION: Added SSL keys version 3 (certificate SHA-256 AB:CD)',
    );
    expect(keyChangeMessage({ action: 'ssl-generate', ...ds, version: 4, fingerprint: 'EF' })).toBe(
      'DS: ds1, ID: 7, ACTION: Generated SSL keys version 4 (self-signed certificate SHA-256 EF)',
    );
    expect(keyChangeMessage({ action: 'ssl-read', ...ds, version: 'latest' })).toBe(
      'DS: ds1, ID: 7, ACTION: Read SSL keys version latest',
    );
    expect(keyChangeMessage({ action: 'ssl-read-cdn', cdn: 'cdn1', count: 2 })).toBe(
      'CDN: cdn1, ACTION: Read the SSL keys of 2 delivery service(s)',
    );
  });

  it('tells reads from writes', () => {
    expect(isKeyRead({ action: 'url-read', xmlId: 'a', dsId: 1 })).toBe(true);
    expect(isKeyRead({ action: 'ssl-read-cdn', cdn: 'c', count: 0 })).toBe(true);
    expect(isKeyRead({ action: 'url-generate', xmlId: 'a', dsId: 1 })).toBe(false);
  });
});
