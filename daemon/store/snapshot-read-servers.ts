import type { ServerModel } from '../services/snapshot/types.js';

export type ServerRead = Omit<ServerModel, 'deliveryServices' | 'agents'> & { id: number };
