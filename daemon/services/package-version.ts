import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** cdnctl's version from its package.json, found upwards from this module (in the sources and in dist/). */
function packageVersion(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'cdnctl' && typeof pkg.version === 'string') return pkg.version;
    } catch {
      // no readable package.json here: look one directory up
    }
    if (dirname(dir) === dir) return 'unknown';
  }
}

/** Read once, when the daemon loads this module. */
export const CDNCTL_VERSION = packageVersion();
