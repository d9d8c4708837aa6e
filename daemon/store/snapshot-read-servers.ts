import type { ServerModel } from './snapshot-types.js';

export type ServerRead = Omit<ServerModel, 'deliveryServices' | 'agents'> & { id: number };
