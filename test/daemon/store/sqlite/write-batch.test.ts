import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StoreUnavailableError } from '../../../../daemon/http/errors.js';
import { openDatabase, type Db } from '../../../../daemon/store/sqlite/db.js';
import { MAX_BATCH } from '../../../../daemon/store/write-batch.js';
import { writeBatcher } from '../../../../daemon/store/sqlite/write-batch.js';

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

describe('writeBatcher under a burst', () => {
  it('commits a burst in batches of MAX_BATCH, letting the event loop answer others between two batches', async () => {
    db.exec('CREATE TABLE burst_notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)');
    const batch = writeBatcher(db);
    const insert = db.prepare('INSERT INTO burst_notes (text) VALUES (?)');
    const count = db.prepare<[], number>('SELECT count(*) FROM burst_notes').pluck();
    let written = 0;
    const seenBetween: number[] = [];
    const burst = Array.from({ length: MAX_BATCH * 3 + 5 }, (_, i) =>
      batch(() => {
        insert.run(`burst-${i}`);
        written++;
      }),
    );
    // Work that arrives once the burst is queued (a read, say): it runs before the burst has all committed.
    // The probe is stopped and awaited before the test ends: one still scheduled would run after the database closed.
    let stopped = false;
    const probed = new Promise<void>((resolve) => {
      const probe = () => {
        if (stopped) return resolve();
        seenBetween.push(count.get()!);
        if (written < burst.length) setImmediate(probe);
        else resolve();
      };
      setImmediate(probe);
    });
    await Promise.all(burst);
    stopped = true;
    await probed;
    expect(count.get()).toBe(MAX_BATCH * 3 + 5);
    // Committed rows seen between batches: whole batches only, and fewer than the burst.
    expect(seenBetween.filter((n) => n > 0 && n < burst.length).length).toBeGreaterThan(0);
    for (const n of seenBetween) expect(n % MAX_BATCH === 0 || n === burst.length).toBe(true);
  });
});
