import type { AtsServerContext } from './context.js';
import { cachedServices, header, originUri, type OriginUri } from './header.js';

/** cache.config: the origins of HTTP_NO_CACHE delivery services are never cached. */
export function renderCache(ctx: Pick<AtsServerContext, 'server' | 'deliveryServices' | 'version'>): string {
  const lines = new Set<string>();
  for (const ds of cachedServices(ctx.deliveryServices).filter((d) => d.type === 'HTTP_NO_CACHE')) {
    const o = originUri(ds.orgServerFqdn as string) as OriginUri;
    lines.add(`dest_domain=${o.host} port=${o.port} scheme=${o.scheme} action=never-cache\n`);
  }
  return header('cache.config', `profile ${ctx.server.profile}`, ctx.version) + [...lines].join('');
}
