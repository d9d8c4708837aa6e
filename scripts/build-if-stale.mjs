#!/usr/bin/env node
// `npm test` builds only when the build is out of date: `npm ci` already built through `prepare`, and a second
// full build (TypeScript, the CLI bundle, the portal) cost CI about two minutes.
//
// The build is up to date when dist/.build-stamp holds the hash of every input the build reads (the sources
// under git, wherever they are, plus the lock file). `--stamp` records the current hash; `npm run build` ends
// with it. Without flags: build when stale, else say the build is current.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const STAMP = join(root, 'dist', '.build-stamp');
const INPUT_DIRS = ['bin', 'shared', 'cli', 'agent', 'monitor', 'daemon', 'portal', 'scripts'];
const INPUT_FILES = ['package.json', 'package-lock.json', 'tsconfig.json'];

/** Input files as git sees them (tracked or new, not ignored), so the hash follows edits before a commit. */
function inputFiles() {
  const listed = spawnSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '--', ...INPUT_DIRS], {
    cwd: root,
    encoding: 'utf8',
  });
  if (listed.status !== 0) return null;
  const files = listed.stdout.split('\n').filter(Boolean);
  return [...files, ...INPUT_FILES].filter((file) => existsSync(join(root, file))).sort();
}

function inputHash() {
  const files = inputFiles();
  if (files === null) return null;
  const hash = createHash('sha256');
  for (const file of files)
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(join(root, file)))
      .update('\0');
  return hash.digest('hex');
}

const current = inputHash();
if (process.argv.includes('--stamp')) {
  if (current !== null) writeFileSync(STAMP, `${current}\n`);
  process.exit(0);
}
const recorded = existsSync(STAMP) ? readFileSync(STAMP, 'utf8').trim() : '';
if (current !== null && current === recorded) {
  console.error('build: dist/ is up to date with the sources, not rebuilding');
  process.exit(0);
}
const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
process.exit(build.status ?? 1);
