import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** PEM material for TLS tests: a root CA, an intermediate it signed, leaves the intermediate signed, a stray key. */
export interface TlsFixtures {
  root: string;
  intermediate: string;
  leaf: string;
  leafKey: string;
  /** A leaf for the same host that ends in 10 days. */
  soonLeaf: string;
  soonKey: string;
  strayKey: string;
  csr: string;
}

/**
 * Made with the openssl binary (a test-only oracle, independent of the daemon's own DER code), once per call, in
 * a temporary directory that is removed before returning.
 */
export function makeTlsFixtures(hostname: string): TlsFixtures {
  const dir = mkdtempSync(join(tmpdir(), 'cdnctl-tls-fx-'));
  const path = (name: string) => join(dir, name);
  const ssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    writeFileSync(path('ca.ext'), 'basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\n');
    writeFileSync(path('leaf.ext'), `basicConstraints=CA:FALSE\nsubjectAltName=DNS:${hostname}\n`);
    const key = (name: string) =>
      ssl('genpkey', '-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048', '-out', path(name));
    for (const name of ['root.key', 'int.key', 'leaf.key', 'soon.key', 'stray.key']) key(name);
    ssl(
      'req',
      '-x509',
      '-new',
      '-key',
      'root.key',
      '-subj',
      '/CN=Test Root CA',
      '-days',
      '3650',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
      '-out',
      'root.crt',
    );
    const sign = (name: string, subj: string, ca: string, ext: string, days: string) => {
      ssl('req', '-new', '-key', `${name}.key`, '-subj', subj, '-out', `${name}.csr`);
      ssl(
        'x509',
        '-req',
        '-in',
        `${name}.csr`,
        '-CA',
        `${ca}.crt`,
        '-CAkey',
        `${ca}.key`,
        '-CAcreateserial',
        '-days',
        days,
        '-extfile',
        ext,
        '-out',
        `${name}.crt`,
      );
    };
    sign('int', '/CN=Test Intermediate CA', 'root', 'ca.ext', '1825');
    sign('leaf', `/CN=${hostname}`, 'int', 'leaf.ext', '365');
    sign('soon', `/CN=${hostname}`, 'int', 'leaf.ext', '10');
    const read = (name: string) => readFileSync(path(name), 'utf8');
    return {
      root: read('root.crt'),
      intermediate: read('int.crt'),
      leaf: read('leaf.crt'),
      leafKey: read('leaf.key'),
      soonLeaf: read('soon.crt'),
      soonKey: read('soon.key'),
      strayKey: read('stray.key'),
      csr: read('leaf.csr'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
