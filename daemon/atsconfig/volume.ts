import type { AtsServerContext } from './context.js';
import { header } from './header.js';
import { storageVolumes } from './storage.js';

/** volume.config: with more than one storage kind, one volume each with an equal share; else empty (one volume). */
export function renderVolume(ctx: Pick<AtsServerContext, 'server' | 'params' | 'version'>): string {
  const volumes = storageVolumes(ctx.params);
  const share = Math.floor(100 / Math.max(volumes.length, 1));
  const lines = volumes.length > 1 ? volumes.map(({ volume }) => `volume=${volume} scheme=http size=${share}%\n`) : [];
  return header('volume.config', `profile ${ctx.server.profile}`, ctx.version) + lines.join('');
}
