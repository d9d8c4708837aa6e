import type { AtsServerContext } from './context.js';
import { cachedServices, fqdnOf, header, isMid, originUri } from './header.js';
import { storageVolumes } from './storage.js';

/**
 * hosting.config: with a RAM drive and several volumes, the origins of live delivery services (HTTP_LIVE*,
 * DNS_LIVE*; on a MID also the national ones) are kept in the RAM volume; everything else in the other volumes.
 * With one volume (volume.config then defines none) there is nothing to assign: the file has no lines.
 */
export function renderHosting(
  ctx: Pick<AtsServerContext, 'server' | 'params' | 'deliveryServices' | 'version'>,
): string {
  const volumes = storageVolumes(ctx.params);
  let text = header('hosting.config', fqdnOf(ctx.server), ctx.version);
  const ram = volumes.find((v) => v.kind === 'RAM_Drive');
  const others = volumes.filter((v) => v.kind !== 'RAM_Drive').map((v) => v.volume);
  if (ram && others.length > 0) {
    const live = cachedServices(ctx.deliveryServices).filter(
      (ds) => /_LIVE/.test(ds.type) && (isMid(ctx.server) || !ds.type.endsWith('_NATNL')),
    );
    const hosts = new Set(live.map((ds) => (originUri(ds.orgServerFqdn as string) as { host: string }).host));
    for (const host of [...hosts].sort()) text += `hostname=${host} volume=${ram.volume}\n`;
    return `${text}hostname=* volume=${others.join(',')}\n`;
  }
  return volumes.length > 1 ? `${text}hostname=* volume=${volumes.map((v) => v.volume).join(',')}\n` : text;
}
