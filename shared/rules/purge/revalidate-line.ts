/**
 * One line of regex_revalidate.config is `<origin base><regex> <expiry as Unix seconds>`. The plugin reads the
 * file with fgets into a 2,048-byte buffer: at most 2,047 bytes of a line, its newline included, arrive whole.
 * A longer line is cut, and its tail is read as a line of its own (issue 32, finding 3: a tail of `(?:)(?:)…`
 * became a rule that matched everything). So the daemon refuses a purge whose line would not fit, and the
 * renderer never writes one.
 */
export const REVALIDATE_LINE_MAX_BYTES = 2047;

const utf8 = new TextEncoder();

/** The line of regex_revalidate.config for `assetUrl` ending at `endMs` (epoch milliseconds), without newline. */
export const revalidateLine = (assetUrl: string, endMs: number): string => `${assetUrl} ${Math.floor(endMs / 1000)}`;

/** The bytes `line` takes in the file, its newline included. */
export const revalidateLineBytes = (line: string): number => utf8.encode(line).length + 1;

/** The API's answer for a purge whose line would take `bytes` bytes, or null when it fits. */
export function revalidateLineError(bytes: number): string | null {
  if (bytes <= REVALIDATE_LINE_MAX_BYTES) return null;
  return (
    `regex: too long for this delivery service: its rule for the caches would be ${bytes} bytes ` +
    `(origin, regex and expiry), and a cache reads at most ${REVALIDATE_LINE_MAX_BYTES}; ` +
    `shorten the regex by at least ${bytes - REVALIDATE_LINE_MAX_BYTES} bytes`
  );
}

/** The API's answer for a purge of `assetUrl` from `startTime` (epoch ms) for `ttlHours`, or null when it fits. */
export const purgeLineError = (assetUrl: string, startTime: number, ttlHours: number): string | null =>
  revalidateLineError(revalidateLineBytes(revalidateLine(assetUrl, startTime + ttlHours * 3600_000)));
