import { generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import {
  bitString,
  boolean,
  explicit,
  integer,
  nullValue,
  objectId,
  octetString,
  printableString,
  sequence,
  set,
  tlv,
  time,
  utf8String,
} from './der.js';

/** The subject of a generated certificate, as `sslkeys/generate` takes it. */
export interface Subject {
  hostname: string;
  country: string;
  state: string;
  city: string;
  organization: string;
  businessUnit: string;
}

/** A new key with its certificate request and a self-signed certificate, all PEM. */
export interface GeneratedKeys {
  key: string;
  csr: string;
  crt: string;
}

const SHA256_WITH_RSA = sequence(objectId('1.2.840.113549.1.1.11'), nullValue());
const DAY_MS = 86_400_000;

const pem = (label: string, der: Buffer) =>
  `-----BEGIN ${label}-----\n${der.toString('base64').replace(/.{1,64}/g, '$&\n')}-----END ${label}-----\n`;

/** The subject name: C, ST, L, O, OU, CN (the host name; left out when longer than X.520 allows). */
function name(s: Subject): Buffer {
  const attribute = (oid: string, value: Buffer) => set(sequence(objectId(oid), value));
  const parts = [
    attribute('2.5.4.6', printableString(s.country)),
    attribute('2.5.4.8', utf8String(s.state)),
    attribute('2.5.4.7', utf8String(s.city)),
    attribute('2.5.4.10', utf8String(s.organization)),
    attribute('2.5.4.11', utf8String(s.businessUnit)),
  ];
  if (s.hostname.length <= 64) parts.push(attribute('2.5.4.3', utf8String(s.hostname)));
  return sequence(...parts);
}

/** subjectAltName with the host name, and basicConstraints CA:false. */
function extensions(hostname: string): Buffer {
  const san = sequence(objectId('2.5.29.17'), octetString(sequence(tlv(0x82, Buffer.from(hostname, 'ascii')))));
  const basic = sequence(objectId('2.5.29.19'), boolean(true), octetString(sequence()));
  return sequence(san, basic);
}

const signed = (body: Buffer, key: KeyObject) => sequence(body, SHA256_WITH_RSA, bitString(sign('sha256', body, key)));

/** A PKCS #10 request for `subject`, asking for its host name as subjectAltName. */
export function certificateRequest(subject: Subject, publicKey: KeyObject, privateKey: KeyObject): Buffer {
  const spki = publicKey.export({ type: 'spki', format: 'der' });
  const extensionRequest = sequence(objectId('1.2.840.113549.1.9.14'), set(extensions(subject.hostname)));
  const info = sequence(integer(0), name(subject), spki, explicit(0, extensionRequest));
  return signed(info, privateKey);
}

/** An X.509 v3 certificate for `subject`, signed by its own key, valid `days` from `now`. */
export function selfSignedCertificate(
  subject: Subject,
  publicKey: KeyObject,
  privateKey: KeyObject,
  now: number,
  days: number,
): Buffer {
  const serial = randomBytes(16);
  serial[0] &= 0x7f;
  const spki = publicKey.export({ type: 'spki', format: 'der' });
  const subjectName = name(subject);
  const tbs = sequence(
    explicit(0, integer(2)),
    integer(serial),
    SHA256_WITH_RSA,
    subjectName,
    sequence(time(new Date(now - 60_000)), time(new Date(now + days * DAY_MS))),
    subjectName,
    spki,
    explicit(3, extensions(subject.hostname)),
  );
  return signed(tbs, privateKey);
}

/**
 * What Traffic Ops' generate made: a 2048-bit RSA key, a request for a CA, and a self-signed SHA-256 certificate
 * valid 365 days that serves until the CA's arrives.
 */
export function generateKeys(subject: Subject, now: number): GeneratedKeys {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    csr: pem('CERTIFICATE REQUEST', certificateRequest(subject, publicKey, privateKey)),
    crt: pem('CERTIFICATE', selfSignedCertificate(subject, publicKey, privateKey, now, 365)),
  };
}
