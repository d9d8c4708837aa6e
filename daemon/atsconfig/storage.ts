import type { AtsParameter, AtsServerContext } from './context.js';
import { header, paramValue } from './header.js';

/** The kinds of cache storage Traffic Ops knew, each in its own volume when present, in this order. */
const KINDS = ['Drive', 'RAM_Drive', 'SSD_Drive'] as const;
export type StorageKind = (typeof KINDS)[number];

/** The storage kinds the profile configures (`<kind>_Prefix` and `<kind>_Letters`), each with its volume number. */
export function storageVolumes(params: readonly AtsParameter[]): Array<{ kind: StorageKind; volume: number }> {
  const present = KINDS.filter(
    (kind) =>
      paramValue(params, 'storage.config', `${kind}_Prefix`) !== null &&
      paramValue(params, 'storage.config', `${kind}_Letters`) !== null,
  );
  return present.map((kind, i) => ({ kind, volume: i + 1 }));
}

/**
 * storage.config: for each kind, one line per letter, `<prefix><letter> [<size>] volume=<n>`. `<kind>_Size`
 * (a cdnctl addition) gives the size ATS needs when the path is a directory or a file still to be made.
 */
export function renderStorage(ctx: Pick<AtsServerContext, 'server' | 'params' | 'version'>): string {
  let text = header('storage.config', `profile ${ctx.server.profile}`, ctx.version);
  const many = storageVolumes(ctx.params).length > 1;
  for (const { kind, volume } of storageVolumes(ctx.params)) {
    const prefix = paramValue(ctx.params, 'storage.config', `${kind}_Prefix`) as string;
    const size = paramValue(ctx.params, 'storage.config', `${kind}_Size`);
    const letters = (paramValue(ctx.params, 'storage.config', `${kind}_Letters`) as string).split(',');
    for (const letter of letters.map((l) => l.trim()).filter((l) => l !== '')) {
      const parts = [`${prefix}${letter}`, ...(size ? [size] : []), ...(many ? [`volume=${volume}`] : [])];
      text += `${parts.join(' ')}\n`;
    }
  }
  return text;
}
