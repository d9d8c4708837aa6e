import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StoreUnavailableError } from '../../daemon/http/errors.js';
import { openDatabase, type Db } from '../../daemon/store/db.js';
import { writeBatcher } from '../../daemon/store/write-batch.js';

let dir: string;
let db: Db;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cdnctl-batch-'));
  db = openDatabase(join(dir, 'cdnctl.db'));
  db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL UNIQUE)');
});
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const texts = () => (db.prepare('SELECT text FROM notes ORDER BY id').all() as { text: string }[]).map((r) => r.text);

describe('writeBatcher', () => {
  it('commits the writes of one turn together, in order, each answering its own result', async () => {
    const batch = writeBatcher(db);
    const insert = db.prepare('INSERT INTO notes (text) VALUES (?)');
    const results = await Promise.all(['a', 'b', 'c'].map((t) => batch(() => Number(insert.run(t).lastInsertRowid))));
    expect(results).toEqual([1, 2, 3]);
    expect(texts()).toEqual(['a', 'b', 'c']);
  });

  it('rolls back and rejects only the write that failed', async () => {
    const batch = writeBatcher(db);
    const insert = db.prepare('INSERT INTO notes (text) VALUES (?)');
    const outcomes = await Promise.allSettled([
      batch(() => insert.run('d')),
      batch(() => {
        insert.run('half-done');
        insert.run('a');
      }),
      batch(() => insert.run('e')),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(texts()).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('rejects every write of the batch with a 503 fault when the database refuses writes, and stores none', async () => {
    const readonly = openDatabase(join(dir, 'cdnctl.db'), { readonly: true });
    try {
      const batch = writeBatcher(readonly);
      const insert = readonly.prepare('INSERT INTO notes (text) VALUES (?)');
      const outcomes = await Promise.allSettled(['x', 'y'].map((t) => batch(() => insert.run(t))));
      for (const outcome of outcomes) {
        expect(outcome.status).toBe('rejected');
        expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(StoreUnavailableError);
      }
    } finally {
      readonly.close();
    }
    expect(texts()).not.toContain('x');
  });
});
