import type { AtsDeliveryService, AtsServerContext } from './context.js';
import { cachedServices, header, isMid, multiline } from './header.js';

/** A per-delivery-service file: its name and what it holds. */
export interface DsFile {
  fileName: string;
  text: string;
}

/**
 * The files the remap rules of this server name beside remap.config: hdr_rw_<xmlId>.config (EDGE, from
 * edgeHeaderRewrite) or hdr_rw_mid_<xmlId>.config (MID, from midHeaderRewrite), regex_remap_<xmlId>.config
 * (EDGE, from regexRemap), and the shared drop_qstring.config and bg_fetch.config where a service needs them.
 * Line breaks stored as `__RETURN__` become new lines.
 */
type DsFilesInput = Pick<AtsServerContext, 'server' | 'deliveryServices' | 'cdn' | 'version'>;

/**
 * The files made for a context object, while it holds the same server, services (the same array, as long) and
 * version: a cache's list, its files and its whole set all ask for them (issue 32; a MID's ~1,000 services).
 */
const made = new WeakMap<object, { input: DsFilesInput; length: number; files: DsFile[] }>();

export function dsFiles(ctx: DsFilesInput): DsFile[] {
  const kept = made.get(ctx);
  const { server, deliveryServices, cdn, version } = ctx;
  const same =
    kept &&
    kept.input.server === server &&
    kept.input.deliveryServices === deliveryServices &&
    kept.length === deliveryServices.length &&
    kept.input.cdn === cdn &&
    kept.input.version === version;
  if (same) return kept.files.map((f) => ({ ...f }));
  const files = makeDsFiles(ctx);
  made.set(ctx, { input: { server, deliveryServices, cdn, version }, length: deliveryServices.length, files });
  return files.map((f) => ({ ...f }));
}

function makeDsFiles(ctx: DsFilesInput): DsFile[] {
  const mid = isMid(ctx.server);
  const files: DsFile[] = [];
  const add = (fileName: string, body: string) =>
    files.push({ fileName, text: header(fileName, `CDN ${ctx.cdn.name}`, ctx.version) + body });
  const services = cachedServices(ctx.deliveryServices);
  for (const ds of services) {
    if (mid && ds.midHeaderRewrite) add(`hdr_rw_mid_${ds.xmlId}.config`, multiline(ds.midHeaderRewrite));
    if (!mid && ds.edgeHeaderRewrite) add(`hdr_rw_${ds.xmlId}.config`, multiline(ds.edgeHeaderRewrite));
    if (!mid && ds.regexRemap) add(`regex_remap_${ds.xmlId}.config`, multiline(ds.regexRemap));
  }
  const any = (test: (ds: AtsDeliveryService) => boolean) => !mid && services.some(test);
  if (any((ds) => ds.qstringIgnore === 2)) add('drop_qstring.config', '/([^?]+) $s://$t/$1\n');
  if (any((ds) => ds.rangeRequestHandling === 1)) add('bg_fetch.config', 'include User-Agent *\n');
  return files.sort((a, b) => (a.fileName < b.fileName ? -1 : 1));
}
