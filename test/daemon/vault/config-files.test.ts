import { describe, expect, it } from 'vitest';
import {
  certificateFileNames,
  certificateFiles,
  renderSslMulticertConfig,
  renderUrlSigConfig,
  urlSigConfigName,
} from '../../../daemon/services/vault/config-files.js';

const HEADER = '# DO NOT EDIT - Generated for ORG_PROFILE1 by cdnctl (https://cdnctl.example) on 2026-11-21';

describe('url_sig_<xmlId>.config', () => {
  it('lists profile parameters sorted, then the keys sorted as strings, skipping key* parameters when keys exist', () => {
    const keys = { key0: 'a0', key10: 'a10', key1: 'a1', key2: 'a2' };
    const text = renderUrlSigConfig(
      HEADER,
      [
        { name: 'pristine', value: '1' },
        { name: 'key0', value: 'from-profile' },
        { name: 'algorithm', value: '1' },
      ],
      keys,
    );
    expect(text).toBe(`${HEADER}\nalgorithm = 1\npristine = 1\nkey0 = a0\nkey1 = a1\nkey10 = a10\nkey2 = a2\n`);
    expect(urlSigConfigName('ds1')).toBe('url_sig_ds1.config');
  });

  it('keeps key* profile parameters when the key store has no keys', () => {
    expect(renderUrlSigConfig(`${HEADER}\n`, [{ name: 'key0', value: 'p0' }], null)).toBe(`${HEADER}\nkey0 = p0\n`);
    expect(renderUrlSigConfig(HEADER, [{ name: 'key0', value: 'p0' }], {})).toBe(`${HEADER}\nkey0 = p0\n`);
  });
});

describe('ssl_multicert.config and the certificate files', () => {
  it('has one line per delivery service, sorted by xmlId, wildcards made file names', () => {
    const text = renderSslMulticertConfig(HEADER, [
      { xmlId: 'ds2', hostname: 'ds2.cdn1.example' },
      { xmlId: 'ds1', hostname: '*.ds1.cdn1.example' },
    ]);
    expect(text).toBe(
      `${HEADER}\nssl_cert_name=_.ds1.cdn1.example.crt\t ssl_key_name=_.ds1.cdn1.example.key\nssl_cert_name=ds2.cdn1.example.crt\t ssl_key_name=ds2.cdn1.example.key\n`,
    );
    expect(renderSslMulticertConfig(HEADER, [])).toBe(`${HEADER}\n`);
  });

  it('names files safely and writes the chain and the key, each ending in one newline', () => {
    expect(certificateFileNames('../etc/passwd')).toEqual({ cert: '.._etc_passwd.crt', key: '.._etc_passwd.key' });
    expect(certificateFiles('a.example', { crt: 'CRT\n\n', key: 'KEY' })).toEqual([
      { name: 'a.example.crt', content: 'CRT\n' },
      { name: 'a.example.key', content: 'KEY\n' },
    ]);
  });
});
