/** What a sealed secret is: the kind of key material it holds. */
export type SecretKind = 'url_sig' | 'uri_signing' | 'ssl' | 'dnssec';

/** Where a secret belongs: its kind, the delivery service (xmlId) it is for, and its version (0 unless TLS). */
export interface SecretAddress {
  kind: SecretKind;
  owner: string;
  version: number;
}

/**
 * One stored secret: its address, the sealed bytes, and what may be shown without opening it (`summary`:
 * fingerprints, key ids, expiry — never key material), with who changed it when.
 */
export interface SealedRecord extends SecretAddress {
  sealed: Buffer;
  summary: string;
  changedBy: string;
  changedAt: number;
}

/** A record without its sealed bytes: what listings and the portal read. */
export type RecordInfo = Omit<SealedRecord, 'sealed'>;

/** Which records to list; every given criterion must hold. */
export interface KeyFilter {
  kind?: SecretKind;
  owner?: string;
}

/**
 * Persistence of the key store, apart from the daemon's database. Every method answers a promise, so a
 * PostgreSQL key store can implement the same interface; it never sees a master key or an opened secret.
 */
export interface KeyStore {
  get(address: SecretAddress): Promise<SealedRecord | null>;
  /** The newest version of a kind for an owner (TLS keys), or null. */
  latest(kind: SecretKind, owner: string): Promise<SealedRecord | null>;
  list(filter?: KeyFilter): Promise<RecordInfo[]>;
  /** Every record with its sealed bytes (rotation and export). */
  all(): Promise<SealedRecord[]>;
  /** Inserts or replaces the record at its address. */
  put(record: SealedRecord): Promise<void>;
  /** Inserts or replaces several records in one transaction (snapshot import). */
  putAll(records: readonly SealedRecord[]): Promise<void>;
  /** Deletes every version of a kind for an owner; answers how many were deleted. */
  remove(kind: SecretKind, owner: string): Promise<number>;
  /** The sealed key check (proves which master key the store is sealed under); null for a new store. */
  keyCheck(): Promise<Buffer | null>;
  setKeyCheck(sealed: Buffer): Promise<void>;
  /** Replaces the sealed bytes of the given records and the key check, all in one transaction. */
  reseal(records: readonly SealedRecord[], keyCheck: Buffer): Promise<void>;
  close(): Promise<void>;
}

/** A key-store row, as both stores' `secret` tables hold it. */
export interface SecretRow {
  kind: SecretKind;
  owner: string;
  version: number;
  sealed: Buffer;
  summary: string;
  changed_by: string;
  changed_at: number;
}

export const toRecord = (row: SecretRow): SealedRecord => ({
  kind: row.kind,
  owner: row.owner,
  version: row.version,
  sealed: row.sealed,
  summary: row.summary,
  changedBy: row.changed_by,
  changedAt: row.changed_at,
});
