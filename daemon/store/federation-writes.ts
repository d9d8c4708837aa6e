import type { Change } from './change-log.js';

/** The writable fields of a federation (Traffic Ops' cdnfederation). */
export interface FederationFields {
  cname: string;
  ttl: number;
  description: string | null;
  cdnId: number | null;
}

/** What linking delivery services came to; anything but `assigned` changed nothing. */
export type DsAssignOutcome =
  { kind: 'assigned'; count: number } | { kind: 'missing'; dsId: number } | { kind: 'duplicate'; dsId: number };

/** Federation writes: create, update and delete, and their delivery-service links. */
export interface FederationWriteStore {
  /** Inserts a federation; null when its cname is taken. */
  insert(f: FederationFields, now: number, change?: Change<number | null>): Promise<number | null>;
  /** Replaces a federation's fields (its CDN stays when `cdnId` is null). */
  update(id: number, f: FederationFields, now: number, change?: Change<UpdateOutcome>): Promise<UpdateOutcome>;
  /** Deletes a federation with its links; false when there was none. */
  remove(id: number, change?: Change<boolean>): Promise<boolean>;
  /** Links delivery services (with `replace`, the others go first). */
  assignDeliveryServices(
    id: number,
    dsIds: number[],
    replace: boolean,
    change?: Change<DsAssignOutcome>,
  ): Promise<DsAssignOutcome>;
  /** Unlinks one delivery service, unless it is the federation's last one. */
  removeDeliveryService(id: number, dsId: number, change?: Change<DsRemoveOutcome>): Promise<DsRemoveOutcome>;
}

export type UpdateOutcome = 'updated' | 'missing' | 'taken';
export type DsRemoveOutcome = 'removed' | 'last' | 'not-linked';

/** Thrown inside a transaction to roll it back with an outcome to report. */
export class AbortDs {
  constructor(readonly outcome: DsAssignOutcome) {}
}
