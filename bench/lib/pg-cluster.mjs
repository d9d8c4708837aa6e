// A throw-away PostgreSQL cluster for `npm run bench -- --only pg` (the bench runs plain JS over dist/, so it
// cannot use the tests' TypeScript helper, test/helpers/pg-cluster.ts, which does the same): initdb in a temp
// dir, on a free loopback port, as `postgres` when run as root; stop() drops it.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './daemon.mjs';

function postgresBin() {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => b - a)
    : [];
  if (versions.length === 0)
    throw new Error('PostgreSQL is not installed (npm test installs it: scripts/ensure-system-packages.sh)');
  return join(root, versions[0], 'bin');
}

export async function startBenchCluster() {
  const bin = postgresBin();
  const owner =
    process.getuid?.() === 0
      ? { uid: Number(execFileSync('id', ['-u', 'postgres'])), gid: Number(execFileSync('id', ['-g', 'postgres'])) }
      : {};
  const dir = mkdtempSync(join(tmpdir(), 'cdnctl-bench-pg-'));
  if (owner.uid !== undefined) chownSync(dir, owner.uid, owner.gid);
  const data = join(dir, 'data');
  const run = (cmd, args) => {
    const result = spawnSync(join(bin, cmd), args, { cwd: dir, encoding: 'utf8', ...owner });
    if (result.status !== 0) throw new Error(`${cmd} failed: ${result.stderr || result.stdout}`);
  };
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions']);
  const port = await freePort();
  // Durable as a production server would be (fsync on): the comparison with SQLite (synchronous=FULL) is fair.
  run('pg_ctl', [
    'start',
    '-D',
    data,
    '-w',
    '-l',
    join(dir, 'server.log'),
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses='127.0.0.1' -c max_connections=100`,
  ]);
  const stop = () => {
    spawnSync(join(bin, 'pg_ctl'), ['stop', '-D', data, '-m', 'fast', '-w'], { cwd: dir, ...owner });
    rmSync(dir, { recursive: true, force: true });
  };
  return {
    url: (db) => `postgres://postgres@127.0.0.1:${port}/${db}`,
    psql: (sql) => run('psql', ['-h', dir, '-p', String(port), '-U', 'postgres', '-c', sql]),
    stop,
  };
}
