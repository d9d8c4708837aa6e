import { useEffect, useState } from 'react';
import { applyMapChange, type CacheMap, type CacheMapChange } from '../../../shared/contract/cache-map.js';

export type MapConnection = 'connecting' | 'live' | 'reconnecting';

export interface LiveMap {
  map: CacheMap | null;
  connection: MapConnection;
  /** The caches that changed with the last event, with when (the page flashes them). */
  changed: Map<number, number>;
}

/** The daemon's event stream of the CDN map (pushed; the page never polls). */
export const CACHE_EVENTS_URL = `${import.meta.env.VITE_CDNCTL_API_URL ?? ''}/api/1.3/caches/events`;

/**
 * The live CDN map: the daemon's `snapshot`, then each `change` applied as it arrives. EventSource reconnects by
 * itself (the daemon ends a stream after a few minutes so that the session is checked again).
 */
export function useCacheMap(): LiveMap {
  const [state, setState] = useState<LiveMap>({ map: null, connection: 'connecting', changed: new Map() });
  useEffect(() => {
    const source = new EventSource(CACHE_EVENTS_URL, { withCredentials: true });
    source.addEventListener('snapshot', (e) => {
      const map = JSON.parse((e as MessageEvent<string>).data) as CacheMap;
      setState({ map, connection: 'live', changed: new Map() });
    });
    source.addEventListener('change', (e) => {
      const change = JSON.parse((e as MessageEvent<string>).data) as CacheMapChange;
      const at = Date.now();
      setState((s) => ({
        connection: 'live',
        map: s.map ? applyMapChange(s.map, change) : s.map,
        changed: new Map([...s.changed].filter(([, t]) => at - t < 3000).concat(change.caches.map((c) => [c.id, at]))),
      }));
    });
    source.addEventListener('error', () => setState((s) => ({ ...s, connection: 'reconnecting' })));
    return () => source.close();
  }, []);
  return state;
}
