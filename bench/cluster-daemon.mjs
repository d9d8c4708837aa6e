#!/usr/bin/env node
// The `--workers N` experiment of issue 20: the daemon's own entry point (dist/daemon/main.js) in N node:cluster
// workers sharing one listening socket (SCHED_NONE: the kernel hands connections out; Node 20 has no
// SO_REUSEPORT) and one SQLite file in WAL mode. argv[2]: N; argv[3]: the daemon's JSON options.
// A measuring tool only: the daemon itself does not start workers (see docs/benchmarks.md).
import cluster from 'node:cluster';

const [count, options] = [Number(process.argv[2]), process.argv[3]];
cluster.schedulingPolicy = cluster.SCHED_NONE;
if (cluster.isPrimary) {
  // The first worker migrates and bootstraps the database; the others start once it listens.
  const first = cluster.fork({ CDNCTL_WORKER_OPTIONS: options });
  await new Promise((resolve) => first.once('listening', resolve));
  for (let i = 1; i < count; i++) cluster.fork({ CDNCTL_WORKER_OPTIONS: options });
  process.once('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM');
    cluster.on('exit', () => Object.keys(cluster.workers ?? {}).length === 0 && process.exit(0));
  });
} else {
  process.argv[2] = process.env.CDNCTL_WORKER_OPTIONS;
  await import('../dist/daemon/main.js');
}
