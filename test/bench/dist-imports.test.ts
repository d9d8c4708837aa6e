// The bench runs plain JavaScript over dist/, so a moved source file breaks it only at bench time (and a stale
// dist/ can hide that). Every module it names must have a source that compiles to that path.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const benchDir = join(root, 'bench');

function benchFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return entry.name === 'results' ? [] : benchFiles(join(dir, entry.name));
    return entry.name.endsWith('.mjs') ? [join(dir, entry.name)] : [];
  });
}

function distModules(text: string): string[] {
  const named = [...text.matchAll(/dist\('([^']+\.js)'\)/g)].map((m) => m[1] as string);
  const relative = [...text.matchAll(/['`](?:\.\.\/)+dist\/([^'`$]+\.js)['`]/g)].map((m) => m[1] as string);
  return [...named, ...relative];
}

function sourceOf(distPath: string): string | undefined {
  const base = distPath.replace(/\.js$/, '');
  return ['.ts', '.tsx', '.mjs'].map((ext) => join(root, base + ext)).find((file) => existsSync(file));
}

describe('the bench', () => {
  const imports = benchFiles(benchDir).flatMap((file) =>
    distModules(readFileSync(file, 'utf8')).map((module) => ({ file, module })),
  );

  it('names modules in dist/', () => {
    expect(imports.length).toBeGreaterThan(5);
  });

  it('imports only modules whose source exists', () => {
    const missing = imports.filter(({ module }) => sourceOf(module) === undefined);
    expect(missing).toEqual([]);
  });
});
