import { dataVersions } from './data-version.js';
import type { Db } from './db.js';
import { guardWrite } from '../faults.js';
import { resetClientWait, type ClientWindow } from '../reset-clients.js';
import { writeBatcher } from './write-batch.js';
import type { ResetRequestStore } from '../reset-requests.js';

export function sqliteResetRequests(db: Db): ResetRequestStore {
  const insert = db.prepare('INSERT INTO reset_requests (email, requested_at) VALUES (?, ?)');
  const oldest = db.prepare<[number], { id: number; email: string; requested_at: number }>(
    'SELECT id, email, requested_at FROM reset_requests ORDER BY id LIMIT ?',
  );
  const remove = db.prepare<[number]>('DELETE FROM reset_requests WHERE id <= ?');
  const tokens = db.prepare<[number, number], { n: number }>(
    "SELECT count(*) AS n FROM user_tokens WHERE user_id = ? AND purpose = 'reset' AND created_at > ?",
  );
  // No cached answer reads these rows: they leave the response cache alone.
  const versions = dataVersions(db);
  const batched = writeBatcher(db);
  const forget = db.prepare<[number]>('DELETE FROM reset_clients WHERE requested_at <= ?');
  const window = db.prepare<[string, number], ClientWindow>(
    'SELECT count(*) AS count, min(requested_at) AS oldest FROM reset_clients WHERE client = ? AND requested_at > ?',
  );
  const note = db.prepare<[string, number]>('INSERT INTO reset_clients (client, requested_at) VALUES (?, ?)');
  const admitTx = db.transaction((client: string, at: number, windowMs: number, limit: number) => {
    forget.run(at - windowMs);
    const wait = resetClientWait(window.get(client, at - windowMs) ?? { count: 0, oldest: null }, at, windowMs, limit);
    if (wait === 0) note.run(client, at);
    return wait;
  });
  const takeTx = db.transaction((limit: number) => {
    const rows = oldest.all(limit);
    if (rows.length > 0) versions.noteBookkeeping(remove.run(rows[rows.length - 1].id).changes);
    return rows.map((r) => ({ id: r.id, email: r.email, requestedAt: r.requested_at }));
  });
  return {
    async record(email, at) {
      await batched(() => versions.noteBookkeeping(insert.run(email, at).changes));
    },
    async take(limit) {
      return guardWrite(() => takeTx(limit));
    },
    async tokensSince(userId, since) {
      return tokens.get(userId, since)?.n ?? 0;
    },
    async admitClient(client, at, windowMs, limit) {
      return guardWrite(() => admitTx(client, at, windowMs, limit));
    },
  };
}
