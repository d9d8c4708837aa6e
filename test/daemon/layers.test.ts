/**
 * The daemon's rooms import downward only (docs: the house plan): services know no HTTP framework and no route,
 * and neither does the store. Every import is read — static, re-export, type-only and dynamic.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** What no file of services/ may import: the framework, and the rooms above services. */
const ABOVE_SERVICES = [/^fastify$/, /^@fastify\//, /^daemon\/(http|routes|edge)\//, /^daemon\/(app|server)\.ts$/];

function tracked(...dirs: string[]): string[] {
  const out = execFileSync('git', ['ls-files', '--', ...dirs], { cwd: ROOT, encoding: 'utf8' });
  return out.split('\n').filter((f) => /\.(ts|tsx|mts)$/.test(f));
}

/** Each import of a file as a package name or a repository path (`.js` read as the `.ts` it is compiled from). */
export function importsOf(file: string, text: string): string[] {
  const { importedFiles } = ts.preProcessFile(text, true, true);
  return importedFiles.map(({ fileName }) =>
    fileName.startsWith('.') ? posix.join(posix.dirname(file), fileName).replace(/\.js$/, '.ts') : fileName,
  );
}

function upwardImports(dirs: string[], forbidden: RegExp[]): string[] {
  return tracked(...dirs).flatMap((file) =>
    importsOf(file, readFileSync(`${ROOT}/${file}`, 'utf8'))
      .filter((target) => forbidden.some((rule) => rule.test(target)))
      .map((target) => `${file} -> ${target}`),
  );
}

describe('daemon layers', () => {
  it('reads static, type-only, re-exported and dynamic imports', () => {
    const text =
      "import type { A } from 'fastify';\nexport { b } from '../../http/b.js';\nawait import('../../routes/c.js');";
    expect(importsOf('daemon/services/x/y.ts', text)).toEqual(['fastify', 'daemon/http/b.ts', 'daemon/routes/c.ts']);
  });

  it('services import neither Fastify nor http/, routes/, edge/, app.ts or server.ts', () => {
    expect(upwardImports(['daemon/services'], ABOVE_SERVICES)).toEqual([]);
  });

  it('the store imports neither Fastify nor services/, http/, routes/, edge/, app.ts or server.ts', () => {
    expect(upwardImports(['daemon/store'], [...ABOVE_SERVICES, /^daemon\/services\//])).toEqual([]);
  });
});
