import { gzip } from 'node:zlib';

/**
 * Answers below this size go out as they are: gzip's header and the CPU spent would buy little. Above it a
 * list of origins or users shrinks about tenfold, which is what a browser on a slow link or a client that
 * reads ten thousand origins feels.
 */
export const MIN_GZIP_BYTES = 1024;

/**
 * True when an Accept-Encoding header admits gzip: named (or `*`) with a q-value above zero, and not refused
 * by name. `gzip;q=0` refuses it even when `*` is also listed.
 */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  if (header === undefined) return false;
  if (typeof header !== 'string' || header.length > 128) return parseAcceptsGzip(header);
  // Clients send the same few headers over and over: each is read once.
  let known = verdicts.get(header);
  if (known === undefined) {
    known = parseAcceptsGzip(header);
    if (verdicts.size >= VERDICTS_KEPT) verdicts.clear();
    verdicts.set(header, known);
  }
  return known;
}

const verdicts = new Map<string, boolean>();
const VERDICTS_KEPT = 256;

function parseAcceptsGzip(header: string | string[]): boolean {
  let named: number | null = null;
  let wildcard: number | null = null;
  for (const item of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [coding, ...params] = item.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    const weight = Number.isFinite(q) ? q : 0;
    if (coding.trim() === 'gzip' || coding.trim() === 'x-gzip') named = weight;
    else if (coding.trim() === '*') wildcard = weight;
  }
  return named !== null ? named > 0 : wildcard !== null && wildcard > 0;
}

/**
 * The level for answers kept gzip-only (megabytes of JSON): compressed while the first request waits, where
 * level 1 takes a third of level 6's time for some 5 % more bytes.
 */
export const LARGE_GZIP_LEVEL = 1;

/** The gzip form of `body`, compressed on libuv's thread pool so the event loop keeps answering meanwhile. */
export function gzipAsync(body: Buffer, level = 6): Promise<Buffer> {
  return new Promise((resolve, reject) => gzip(body, { level }, (err, out) => (err ? reject(err) : resolve(out))));
}
