#!/usr/bin/env node
// Bundles the CLI (dist/cli/main.js and what it imports, commander and undici included) into dist/bundle/.
//
// Why: Node loads each ES module through resolution, a file read and a link step; the CLI's start-up path was
// about sixty of ours plus undici's and commander's CommonJS files, a fifth of a second before any work began.
// One file per lazily loaded part (the Ink screens, the daemon commands) keeps that cost off plain commands.
//
// What stays outside: the daemon (dist/daemon/, imported by `cdnctl daemon ...` from its own files, so the
// daemon process and the CLI run the same code), and every other package (native addons, React and Ink).
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = join(root, 'dist', 'bundle');
const daemonDir = join(root, 'dist', 'daemon') + sep;
const INLINED_PACKAGES = new Set(['commander', 'undici']);

const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** Keeps packages (but commander and undici) and the daemon's files as imports, with paths valid from outdir. */
const externals = {
  name: 'cdnctl-externals',
  setup(bundler) {
    bundler.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      if (args.path.startsWith('node:')) return { external: true };
      if (!args.path.startsWith('.') && !args.path.startsWith('/')) {
        return INLINED_PACKAGES.has(packageOf(args.path)) ? undefined : { external: true };
      }
      const target = resolve(args.resolveDir, args.path);
      if (!target.startsWith(daemonDir)) return undefined;
      return { path: `./${relative(outdir, target).split(sep).join('/')}`, external: true };
    });
  },
};

/**
 * undici's HTTP/2 client: used only when a dispatcher allows HTTP/2 (allowH2), which cdnctl's never does. Left
 * out, the CLI also skips loading node:http2, a tenth of its start-up work.
 */
const withoutHttp2 = {
  name: 'cdnctl-without-http2',
  setup(bundler) {
    bundler.onResolve({ filter: /[/\\]client-h2\.js$/ }, (args) =>
      args.importer.includes(`${sep}undici${sep}`) ? { path: 'client-h2', namespace: 'cdnctl-stub' } : undefined,
    );
    bundler.onLoad({ filter: /.*/, namespace: 'cdnctl-stub' }, () => ({
      contents: "module.exports = function connectH2() { throw new Error('cdnctl does not speak HTTP/2'); };",
      loader: 'js',
    }));
  },
};

rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: { main: join(root, 'dist', 'cli', 'main.js') },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  logLevel: 'warning',
  plugins: [withoutHttp2, externals],
  // undici is CommonJS and requires Node's modules; an ES module has no `require` of its own.
  banner: {
    js: "import { createRequire as cdnctlCreateRequire } from 'node:module'; const require = cdnctlCreateRequire(import.meta.url);",
  },
});
