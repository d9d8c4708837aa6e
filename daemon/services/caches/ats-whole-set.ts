import { createHash } from 'node:crypto';
import { setImmediate as turn } from 'node:timers/promises';
import type { AtsConfigFileEntry, AtsConfigFiles } from '../../atsconfig/file-list.js';
import type { AppContext } from '../../context.js';
import type { AtsConfigFileWithText } from '../../../shared/contract/atsconfig.js';
import type { Cdn } from '../../store/cdns.js';
import { scopedFileText } from './ats-scoped.js';
import { TIMED_FILE, type ServerGeneration } from './ats-server-files.js';

/*
 * Every configuration file of one cache in one answer (issue 32): an agent's 60–100 requests a pass cost the
 * daemon about a ping each before any file is made. Each listed file's text is what its apiUri serves, byte for
 * byte; the texts (and their checksums) are kept per generation and data version, so a second agent of the same
 * version costs the lookups only. regex_revalidate.config names the time it was made and is made at each request.
 */

/** Base64 of the SHA-512 of a text (the Whole-Content-SHA512 of its own URI). */
export const checksumOf = (text: string): string => createHash('sha512').update(text, 'utf8').digest('base64');

/** The longest the set's making holds the event loop before it lets other requests in. */
const SLICE_MS = 4;

interface KeptText {
  text: string;
  checksum: string;
}

/** Per generation object: the texts of its scoped and own files already found, by apiUri, at its version. */
const keptTexts = new WeakMap<object, { version: string; texts: Map<string, KeptText | null> }>();

function keptOf(generation: ServerGeneration): Map<string, KeptText | null> {
  const kept = keptTexts.get(generation.context);
  if (kept?.version === generation.version) return kept.texts;
  const fresh = { version: generation.version, texts: new Map<string, KeptText | null>() };
  keptTexts.set(generation.context, fresh);
  return fresh.texts;
}

/** The text an entry's apiUri serves (null: none, the route would answer 404). */
async function textOf(
  ctx: AppContext,
  generation: ServerGeneration,
  entry: AtsConfigFileEntry,
  cdn: Cdn,
): Promise<string | null> {
  if (entry.scope === 'servers') return generation.file(entry.fnameOnDisk);
  const owner = entry.scope === 'profiles' ? generation.context.server.profile : cdn.name;
  return scopedFileText(ctx, entry.scope, owner, entry.fnameOnDisk);
}

/**
 * The files of `list` (the cache's own list, its key-store files left out: the route adds those) with their
 * texts. A listed file no URI serves is left out, as an agent fetching it would have failed on its 404.
 */
export async function wholeSet(
  ctx: AppContext,
  generation: ServerGeneration,
  cdn: Cdn,
  list: AtsConfigFiles,
): Promise<AtsConfigFileWithText[]> {
  const texts = keptOf(generation);
  const out: AtsConfigFileWithText[] = [];
  let slice = performance.now();
  for (const entry of list.configFiles) {
    // Other requests are answered between slices of a cold generation (a MID's whole set, cold, ~10–40 ms).
    if (performance.now() - slice > SLICE_MS) {
      await turn();
      slice = performance.now();
    }
    const key = `${entry.scope}:${entry.fnameOnDisk}`;
    let kept = entry.fnameOnDisk === TIMED_FILE ? undefined : texts.get(key);
    if (kept === undefined) {
      const text = await textOf(ctx, generation, entry, cdn);
      kept = text === null ? null : { text, checksum: checksumOf(text) };
      if (entry.fnameOnDisk !== TIMED_FILE) texts.set(key, kept);
    }
    if (kept) out.push({ ...entry, checksum: kept.checksum, text: kept.text });
  }
  return out;
}
