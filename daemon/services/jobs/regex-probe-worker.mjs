// The purge regex probe's worker (regex-probe-pool.ts runs it through piscina). Plain JavaScript, so that the
// same file serves the built daemon (tsc copies it to dist/) and the TypeScript sources under vitest.
import { setPriority } from 'node:os';

const NICENESS = 10;

try {
  // Without a pid, Linux sets the nice value of the calling thread only: this worker's.
  setPriority(NICENESS);
} catch {
  // Not permitted or not supported: probe at the normal priority.
}

/**
 * Whether the pattern matches every probe path (the site root may be missed), after running it over the long
 * hostile paths. `started` hears first that the pattern is here: the pool's time limit counts from then.
 */
export default function probe({ source, flags, probePaths, hostilePaths, started }) {
  started.postMessage(true);
  started.close();
  const re = new RegExp(source, flags.replace(/[gy]/g, ''));
  const all = probePaths.every((path) => path === '/' || re.test(path));
  for (const path of hostilePaths) re.test(path);
  return all;
}
