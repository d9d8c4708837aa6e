import { type UserQueryStore } from './user-queries.js';
import { type User, type UserFields } from './user-rows.js';
import { type UserWriteStore } from './user-writes.js';

export { fieldsOf, type User, type UserFields } from './user-rows.js';

/** Users: single-user lookups and writes, plus the users API's queries and transactional writes. */
export interface UserStore extends UserQueryStore, UserWriteStore {
  byId(id: number): Promise<User | null>;
  byUsername(username: string): Promise<User | null>;
  byEmail(email: string): Promise<User | null>;
  list(): Promise<User[]>;
  /** Inserts a user and answers its id. */
  insert(fields: UserFields, now: number): Promise<number>;
  /** Replaces every writable column of user `id`. */
  update(id: number, fields: UserFields, now: number): Promise<void>;
  setPassword(id: number, hash: string, now: number): Promise<void>;
}
