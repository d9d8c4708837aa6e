import { USER_COLUMNS, userParams, type UserFields } from '../user-rows.js';
import type { PgQueryable } from './pool.js';
import { statement } from './statement.js';

type UserValues = ReturnType<typeof userParams>[(typeof USER_COLUMNS)[number]][];

// The texts are made once, from the constant column list: $1..$20 in USER_COLUMNS' order, then the id.
const insert = statement<UserValues, { id: number }>(
  'users_insert',
  `INSERT INTO users (${USER_COLUMNS.join(', ')}) VALUES (${USER_COLUMNS.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
);
const update = statement<UserValues>(
  'users_update',
  `UPDATE users SET ${USER_COLUMNS.map((c, i) => `${c} = $${i + 1}`).join(', ')} WHERE id = $${USER_COLUMNS.length + 1}`,
);

const values = (fields: UserFields, now: number): UserValues => {
  const p = userParams(fields, now);
  return USER_COLUMNS.map((c) => p[c]);
};

/** Inserts a user (every writable column) and answers its id. */
export async function insertUser(db: PgQueryable, fields: UserFields, now: number): Promise<number> {
  const row = await insert.get(db, ...values(fields, now));
  return row!.id;
}

/** Replaces every writable column of user `id`. */
export async function updateUser(db: PgQueryable, id: number, fields: UserFields, now: number): Promise<void> {
  await update.run(db, ...values(fields, now), id);
}
