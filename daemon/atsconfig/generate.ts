import { renderCache } from './cache.js';
import type { AtsServerContext } from './context.js';
import { dsFiles } from './ds-files.js';
import { renderHosting } from './hosting.js';
import { renderIpAllow } from './ip-allow.js';
import { renderLogging } from './logging.js';
import { renderParent } from './parent.js';
import { renderPlugin } from './plugin.js';
import { renderRecords } from './records.js';
import { renderRegexRevalidateFor } from './regex-revalidate.js';
import { renderRemap } from './remap.js';
import { renderStorage } from './storage.js';
import { renderVolume } from './volume.js';

const RENDERERS: Readonly<Record<string, (ctx: AtsServerContext) => string>> = {
  'cache.config': renderCache,
  'hosting.config': renderHosting,
  'ip_allow.yaml': renderIpAllow,
  'logging.yaml': renderLogging,
  'parent.config': renderParent,
  'plugin.config': renderPlugin,
  'records.config': renderRecords,
  'regex_revalidate.config': renderRegexRevalidateFor,
  'remap.config': renderRemap,
  'storage.config': renderStorage,
  'volume.config': renderVolume,
};

/** One of the server's files by name, or null when the server installs no file of that name. */
export function generateAtsFile(ctx: AtsServerContext, fileName: string): string | null {
  const render = Object.hasOwn(RENDERERS, fileName) ? RENDERERS[fileName] : undefined;
  if (render) return render(ctx);
  return dsFiles(ctx).find((f) => f.fileName === fileName)?.text ?? null;
}

/** Every file the server installs, by name. */
export function generateAtsFiles(ctx: AtsServerContext): Map<string, string> {
  const files = new Map<string, string>();
  for (const name of Object.keys(RENDERERS)) files.set(name, (RENDERERS[name] as (c: AtsServerContext) => string)(ctx));
  for (const f of dsFiles(ctx)) files.set(f.fileName, f.text);
  return files;
}

/** True for a file every cache installs (not one of a delivery service's). */
export function isBaseFile(fileName: string): boolean {
  return Object.hasOwn(RENDERERS, fileName);
}
