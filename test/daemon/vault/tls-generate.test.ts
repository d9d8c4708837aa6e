import { execFileSync } from 'node:child_process';
import { X509Certificate, createPrivateKey } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateKeys } from '../../../daemon/services/vault/tls/generate.js';

const SUBJECT = {
  hostname: '*.ds1.cdn1.example.test',
  country: 'US',
  state: 'Colorado',
  city: 'Denver',
  organization: 'Example',
  businessUnit: 'CDN',
};
const NOW = Date.parse('2026-11-21T12:00:00Z');
const keys = generateKeys(SUBJECT, NOW);
const dir = mkdtempSync(join(tmpdir(), 'cdnctl-tls-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe('generated TLS keys (our own DER, checked by node:crypto and by the openssl binary)', () => {
  it('make a self-signed certificate for the host name, valid 365 days, matching the key', () => {
    const cert = new X509Certificate(keys.crt);
    expect(cert.subject).toContain(`CN=${SUBJECT.hostname}`);
    expect(cert.subject).toContain('O=Example');
    expect(cert.issuer).toBe(cert.subject);
    expect(cert.subjectAltName).toBe(`DNS:${SUBJECT.hostname}`);
    expect(Date.parse(cert.validTo) - NOW).toBe(365 * 86_400_000);
    expect(cert.checkPrivateKey(createPrivateKey(keys.key))).toBe(true);
    expect(cert.verify(cert.publicKey)).toBe(true);
    expect(cert.checkHost('www.ds1.cdn1.example.test')).toBe(SUBJECT.hostname);
    expect(cert.checkHost('other.example.test')).toBeUndefined();
    expect(cert.ca).toBe(false);
  });

  it('make a 2048-bit RSA key', () => {
    expect(createPrivateKey(keys.key).asymmetricKeyDetails?.modulusLength).toBe(2048);
  });

  it('make a certificate and a request that openssl parses and verifies', () => {
    const crt = file('g.crt', keys.crt);
    const csr = file('g.csr', keys.csr);
    expect(execFileSync('openssl', ['verify', '-CAfile', crt, crt], { encoding: 'utf8' })).toContain(': OK');
    const request = execFileSync('openssl', ['req', '-in', csr, '-noout', '-verify', '-subject'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    expect(request).toMatch(/CN ?= ?\*\.ds1\.cdn1\.example\.test/);
    const text = execFileSync('openssl', ['req', '-in', csr, '-noout', '-text'], { encoding: 'utf8' });
    expect(text).toContain('DNS:*.ds1.cdn1.example.test');
    const modulus = (args: string[]) => execFileSync('openssl', args, { encoding: 'utf8' }).trim();
    expect(modulus(['req', '-in', csr, '-noout', '-modulus'])).toBe(
      modulus(['x509', '-in', crt, '-noout', '-modulus']),
    );
  });
});
