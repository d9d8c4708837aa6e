import { createHash, generateKeyPairSync } from 'node:crypto';

/*
 * A delivery service's DNSSEC keys (reference wave3 §5.3 step 5): a key-signing and a zone-signing key for its
 * zone `<xmlId>.<CDN domain>.`, in Traffic Ops' DNSSECKey record (times in Unix seconds, `public` the DNSKEY
 * record and `private` the BIND private-key file, both base64, the KSK with its DS record). cdnctl signs with
 * ECDSA P-256 / SHA-256 (algorithm 13) where Traffic Ops made RSA/SHA-1 keys, which resolvers no longer accept.
 */

export const DNSSEC_ALGORITHM = 13;
const DS_DIGEST_SHA256 = 2;
const TTL_SECONDS = 60;
const DAY = 86_400;
const KSK_DAYS = 365;
const ZSK_DAYS = 30;

export interface DnssecKey {
  inceptionDate: number;
  effectiveDate: number;
  expirationDate: number;
  name: string;
  ttl: number;
  status: string;
  public: string;
  private: string;
  dsRecord?: { algorithm: number; digestType: number; digest: string };
}

/** The stored secret: Traffic Ops' per-delivery-service key set. */
export interface DnssecKeySet {
  ksk: DnssecKey[];
  zsk: DnssecKey[];
}

/** A name in DNS wire form (lower case, labels length-prefixed, the root's empty label last). */
function wireName(name: string): Buffer {
  const labels = name.toLowerCase().replace(/\.$/, '').split('.');
  return Buffer.concat([...labels.map((l) => Buffer.concat([Buffer.from([l.length]), Buffer.from(l)])), Buffer.of(0)]);
}

/** RFC 4034 appendix B: the key tag of a DNSKEY's RDATA. */
export function keyTag(rdata: Buffer): number {
  let sum = 0;
  for (let i = 0; i < rdata.length; i++) sum += i % 2 === 0 ? rdata[i] << 8 : rdata[i];
  sum += (sum >> 16) & 0xffff;
  return sum & 0xffff;
}

interface NewKey {
  key: DnssecKey;
  tag: number;
}

function newKey(zone: string, ksk: boolean, nowSeconds: number): NewKey {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const pub = publicKey.export({ format: 'jwk' });
  const d = privateKey.export({ format: 'jwk' }).d!;
  const point = Buffer.concat([Buffer.from(pub.x!, 'base64url'), Buffer.from(pub.y!, 'base64url')]);
  const flags = ksk ? 257 : 256;
  const rdata = Buffer.concat([Buffer.from([flags >> 8, flags & 0xff, 3, DNSSEC_ALGORITHM]), point]);
  const tag = keyTag(rdata);
  const record = `${zone} ${TTL_SECONDS} IN DNSKEY ${flags} 3 ${DNSSEC_ALGORITHM} ${point.toString('base64')}`;
  const file = [
    'Private-key-format: v1.3',
    `Algorithm: ${DNSSEC_ALGORITHM} (ECDSAP256SHA256)`,
    `PrivateKey: ${Buffer.from(d, 'base64url').toString('base64')}`,
    '',
  ].join('\n');
  const key: DnssecKey = {
    inceptionDate: nowSeconds,
    effectiveDate: nowSeconds,
    expirationDate: nowSeconds + (ksk ? KSK_DAYS : ZSK_DAYS) * DAY,
    name: zone,
    ttl: TTL_SECONDS,
    status: 'new',
    public: Buffer.from(record).toString('base64'),
    private: Buffer.from(file).toString('base64'),
  };
  if (ksk) {
    const digest = createHash('sha256').update(wireName(zone)).update(rdata).digest('hex').toUpperCase();
    key.dsRecord = { algorithm: DNSSEC_ALGORITHM, digestType: DS_DIGEST_SHA256, digest };
  }
  return { key, tag };
}

/** New keys for a delivery service's zone, with their non-secret summary (zone, key tags, expiry). */
export function dnssecKeys(
  xmlId: string,
  cdnDomain: string,
  now: number,
): { secret: DnssecKeySet; summary: DnssecSummary } {
  const zone = `${xmlId}.${cdnDomain.replace(/\.$/, '')}.`.toLowerCase();
  const seconds = Math.floor(now / 1000);
  const ksk = newKey(zone, true, seconds);
  const zsk = newKey(zone, false, seconds);
  return {
    secret: { ksk: [ksk.key], zsk: [zsk.key] },
    summary: {
      zone,
      algorithm: DNSSEC_ALGORITHM,
      ksk: [{ keyTag: ksk.tag, expiration: ksk.key.expirationDate }],
      zsk: [{ keyTag: zsk.tag, expiration: zsk.key.expirationDate }],
    },
  };
}

/** What the key store shows of a DNSSEC key set: never key material. */
export interface DnssecSummary {
  zone: string;
  algorithm: number;
  ksk: Array<{ keyTag: number; expiration: number }>;
  zsk: Array<{ keyTag: number; expiration: number }>;
}

const isKeyList = (v: unknown): v is DnssecKey[] =>
  Array.isArray(v) &&
  v.every((k) => typeof k === 'object' && k !== null && typeof (k as DnssecKey).public === 'string');

/** The summary of a stored (or imported) key set, or what is wrong with it. */
export function dnssecSummary(secret: unknown): DnssecSummary | string {
  const set = secret as Partial<DnssecKeySet> | null;
  if (typeof set !== 'object' || set === null || !isKeyList(set.ksk) || !isKeyList(set.zsk))
    return 'DNSSEC keys need ksk and zsk lists of keys with a public key';
  const tagOf = (k: DnssecKey) => {
    const fields = Buffer.from(k.public, 'base64').toString('utf8').trim().split(/\s+/);
    const [flags, protocol, algorithm, key] = fields.slice(-4);
    const rdata = Buffer.concat([
      Buffer.from([Number(flags) >> 8, Number(flags) & 0xff, Number(protocol), Number(algorithm)]),
      Buffer.from(key ?? '', 'base64'),
    ]);
    return { keyTag: keyTag(rdata), expiration: k.expirationDate };
  };
  return {
    zone: set.ksk[0]?.name ?? set.zsk[0]?.name ?? '',
    algorithm: DNSSEC_ALGORITHM,
    ksk: set.ksk.map(tagOf),
    zsk: set.zsk.map(tagOf),
  };
}
