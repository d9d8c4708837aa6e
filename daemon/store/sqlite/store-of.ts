import type { Db } from './db.js';
import type { Store } from '../index.js';
import { sqliteStore } from './index.js';

/**
 * A store, or an open SQLite database that tests and tools still hand over: snapshot import/export and bootstrap
 * take either and work through the Store. The daemon and the CLI always pass a Store.
 */
export type StoreOrDb = Store | Db;

const opened = new WeakMap<Db, Store>();

export function storeOf(target: StoreOrDb): Store {
  if (!('prepare' in target)) return target;
  let store = opened.get(target);
  if (!store) {
    store = sqliteStore(target);
    opened.set(target, store);
  }
  return store;
}
