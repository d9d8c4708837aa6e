import type { KeyFilter, KeyStore, RecordInfo, SealedRecord } from '../../store/keystore.js';
import {
  KEY_CHECK_AAD,
  additionalData,
  newMasterKeyCheck,
  open,
  seal,
  type SecretAddress,
  type SecretKind,
} from './seal.js';

/** Whether key routes can be served; when not, why (said in the 503 alert). */
export type VaultState = { available: true } | { available: false; reason: string };

/** An opened secret with what is stored beside it. */
export interface OpenedSecret<T> {
  secret: T;
  info: RecordInfo;
}

/** A secret as `daemon export --with-secrets` writes it. */
export interface ExportedSecret extends RecordInfo {
  secret: unknown;
}

/**
 * The key store as routes see it: secrets go in and out as JSON values, sealed under the master key with their
 * address as authenticated data. Without a usable master key every method throws; routes check `state` first.
 */
export class Vault {
  private constructor(
    private readonly store: KeyStore | null,
    private key: Buffer | null,
    private readonly reason: string,
  ) {}

  /** A vault that cannot serve: the reason goes into each 503 alert. */
  static unavailable(reason: string, store: KeyStore | null = null): Vault {
    return new Vault(store, null, reason);
  }

  /**
   * A vault over `store` with `key`: the key must open the store's key check; a new store gets one. Answers an
   * unavailable vault when the key is absent or is not the store's.
   */
  static async open(store: KeyStore, key: Buffer | null, missingReason: string): Promise<Vault> {
    if (!key) return new Vault(store, null, missingReason);
    const check = await store.keyCheck();
    if (check === null) {
      // No key check beside sealed secrets: the check was lost. Only a key that opens them may write a new one.
      if (!(await Vault.opensSealed(store, key))) {
        return new Vault(
          store,
          null,
          'the master key does not open the sealed secrets of this key store (its key check is missing)',
        );
      }
      await store.setKeyCheck(newMasterKeyCheck(key));
      // A key store shared by several daemons (PostgreSQL) keeps the first key check written: test against it.
      const kept = await store.keyCheck();
      if (kept && !Vault.keyOpens(key, kept)) {
        return new Vault(
          store,
          null,
          'the master key does not open this key store (another daemon sealed it under another key)',
        );
      }
      return new Vault(store, key, '');
    }
    if (!Vault.keyOpens(key, check)) {
      return new Vault(store, null, 'the master key does not open this key store (it was sealed under another key)');
    }
    return new Vault(store, key, '');
  }

  /** True when the store holds nothing sealed, or `key` opens one of its sealed secrets. */
  private static async opensSealed(store: KeyStore, key: Buffer): Promise<boolean> {
    const [first] = await store.list();
    if (!first) return true;
    const record = await store.get(first);
    if (!record) return true;
    try {
      open(key, additionalData(record), record.sealed);
      return true;
    } catch {
      return false;
    }
  }

  /** True when `key` opens the sealed key check. */
  static keyOpens(key: Buffer, check: Buffer): boolean {
    try {
      open(key, KEY_CHECK_AAD, check);
      return true;
    } catch {
      return false;
    }
  }

  get state(): VaultState {
    return this.key && this.store ? { available: true } : { available: false, reason: this.reason };
  }

  private ready(): { store: KeyStore; key: Buffer } {
    if (!this.key || !this.store) throw new Error(`the key store is unavailable: ${this.reason}`);
    return { store: this.store, key: this.key };
  }

  private opened<T>(key: Buffer, record: RecordInfo & { sealed: Buffer }): OpenedSecret<T> {
    const what = `the ${record.kind} secret of ${record.owner} (version ${record.version})`;
    const plain = open(key, additionalData(record), record.sealed, what);
    const { sealed: _sealed, ...info } = record;
    return { secret: JSON.parse(plain.toString('utf8')) as T, info };
  }

  async read<T>(address: SecretAddress): Promise<OpenedSecret<T> | null> {
    const { store, key } = this.ready();
    const record = await store.get(address);
    return record ? this.opened<T>(key, record) : null;
  }

  /** The newest version of a kind for an owner. */
  async readLatest<T>(kind: SecretKind, owner: string): Promise<OpenedSecret<T> | null> {
    const { store, key } = this.ready();
    const record = await store.latest(kind, owner);
    return record ? this.opened<T>(key, record) : null;
  }

  async write(
    address: SecretAddress,
    secret: unknown,
    summary: object,
    changedBy: string,
    changedAt: number,
  ): Promise<void> {
    const { store, key } = this.ready();
    const sealed = seal(key, additionalData(address), Buffer.from(JSON.stringify(secret), 'utf8'));
    await store.put({ ...address, sealed, summary: JSON.stringify(summary), changedBy, changedAt });
  }

  /** Seals and stores several secrets in one transaction. */
  async writeAll(
    items: readonly {
      address: SecretAddress;
      secret: unknown;
      summary: object;
      changedBy: string;
      changedAt: number;
    }[],
  ): Promise<void> {
    const { store, key } = this.ready();
    const records = items.map((i) => ({
      ...i.address,
      sealed: seal(key, additionalData(i.address), Buffer.from(JSON.stringify(i.secret), 'utf8')),
      summary: JSON.stringify(i.summary),
      changedBy: i.changedBy,
      changedAt: i.changedAt,
    }));
    await store.putAll(records);
  }

  async remove(kind: SecretKind, owner: string): Promise<number> {
    return this.ready().store.remove(kind, owner);
  }

  /**
   * Takes every secret of an owner out of the store and answers them sealed, so that `restore` can put them back
   * when the change they belong to fails (a delivery service's delete: the keys live in another database).
   */
  async take(owner: string): Promise<SealedRecord[]> {
    const { store } = this.ready();
    const taken: SealedRecord[] = [];
    for (const info of await store.list({ owner })) {
      const record = await store.get(info);
      if (record) taken.push(record);
    }
    try {
      for (const kind of new Set(taken.map((r) => r.kind))) await store.remove(kind, owner);
    } catch (err) {
      await this.restore(taken);
      throw err;
    }
    return taken;
  }

  /** Puts back what `take` took, as it was. */
  async restore(records: readonly SealedRecord[]): Promise<void> {
    if (records.length > 0) await this.ready().store.putAll(records);
  }

  /** What is stored, without opening anything: summaries, who changed what when. */
  async list(filter: KeyFilter = {}): Promise<RecordInfo[]> {
    return this.ready().store.list(filter);
  }

  /** Every secret, opened (for `daemon export --with-secrets`). */
  async exportAll(): Promise<ExportedSecret[]> {
    const { store, key } = this.ready();
    return (await store.all()).map((record) => {
      const { secret, info } = this.opened<unknown>(key, record);
      return { ...info, secret };
    });
  }

  /**
   * Reseals every secret and the key check under `newKey` in one transaction; answers how many secrets. The
   * old key stays in use when anything fails (a secret that does not open stops the rotation).
   */
  async rotate(newKey: Buffer): Promise<number> {
    const { store, key } = this.ready();
    const records = (await store.all()).map((record) => {
      const aad = additionalData(record);
      const plain = open(
        key,
        aad,
        record.sealed,
        `the ${record.kind} secret of ${record.owner} (version ${record.version})`,
      );
      return { ...record, sealed: seal(newKey, aad, plain) };
    });
    await store.reseal(records, newMasterKeyCheck(newKey));
    this.key = newKey;
    return records.length;
  }

  async close(): Promise<void> {
    await this.store?.close();
  }
}
