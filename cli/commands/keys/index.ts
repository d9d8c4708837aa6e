import type { Command } from 'commander';
import { registerSslKeys } from './ssl.js';
import { registerUriKeys, registerUrlKeys } from './signing.js';
import { addNoun } from '../common/verb.js';

/** `cdnctl keys url|uri|ssl …`: the key store, admin only. */
export function registerKeys(program: Command): void {
  const keys = addNoun(program, 'keys', 'URL-signing, URI-signing and TLS keys in the key store (admin only)', [
    'cdnctl keys url generate ds1',
    'cdnctl keys ssl list --expiring',
  ]);
  registerUrlKeys(addNoun(keys, 'url', 'URL-signing keys of a delivery service', ['cdnctl keys url get ds1 --reveal']));
  registerUriKeys(
    addNoun(keys, 'uri', 'URI-signing key sets of a delivery service (API 1.3)', [
      'cdnctl keys uri set ds1 --file keyset.json',
    ]),
  );
  registerSslKeys(
    addNoun(keys, 'ssl', 'TLS certificates and keys of a delivery service', [
      'cdnctl keys ssl add ds1 --cert ds1.crt --key ds1.key',
    ]),
  );
}
